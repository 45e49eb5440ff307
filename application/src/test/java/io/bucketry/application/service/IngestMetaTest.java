package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.StoreReadings;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The meta each ingested reading is stored with (docs/reference/tags.md): sent tags state the version whole;
 * absent tags take the series' latest (earlier in the batch, else stored, else none); {@code {}} is none.
 */
class IngestMetaTest {

    private static final Instant T = Fixtures.NOW.minusSeconds(600);
    private static final Map<String, Double> FIELDS = Map.of("v", 1.0);
    private static final SeriesMeta B7 = new SeriesMeta("cpu", Tags.of(Map.of("building", "b7")));

    /** A store that keeps the batch it was given and answers a fixed latest meta, counting the questions. */
    private static final class Recording implements StoreReadings {
        final Map<SeriesId, SeriesMeta> latest = new HashMap<>();
        final List<Reading> stored = new ArrayList<>();
        final List<Collection<SeriesId>> asked = new ArrayList<>();

        @Override
        public StoreResult store(List<Reading> readings) {
            stored.addAll(readings);
            return new StoreResult(readings.size(), 0);
        }

        @Override
        public Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
            asked.add(List.copyOf(series));
            Map<SeriesId, SeriesMeta> answer = new HashMap<>();
            series.forEach(id -> {
                if (latest.containsKey(id)) {
                    answer.put(id, latest.get(id));
                }
            });
            return answer;
        }

        SeriesMeta metaOf(int index) {
            return stored.get(index).meta();
        }
    }

    private final Recording store = new Recording();
    private final IngestReadingsService ingest = new IngestReadingsService(store, ApplicationSettings.defaults(),
            Clock.fixed(Fixtures.NOW, ZoneOffset.UTC));

    private static ReadingInput untagged(String series, int second) {
        return new ReadingInput(series, T.plusSeconds(second), FIELDS);
    }

    private static ReadingInput tagged(String series, int second, Map<String, ?> tags, String measurement) {
        return new ReadingInput(series, T.plusSeconds(second), FIELDS, tags, measurement);
    }

    @Test
    void aBatchWhoseEveryReadingStatesItsTagsAsksTheStoreNothing() {
        ingest.ingest(List.of(tagged("s1", 0, Map.of("building", "b7"), "cpu"), tagged("s2", 0, Map.of(), null)));

        assertThat(store.asked).isEmpty();
        assertThat(store.metaOf(0)).isEqualTo(B7);
        assertThat(store.metaOf(1)).isEqualTo(SeriesMeta.NONE);
    }

    @Test
    void aReadingWithoutTagsTakesTheLatestStoredMetaOfItsSeries() {
        store.latest.put(new SeriesId("s1"), B7);

        ingest.ingest(List.of(untagged("s1", 0), untagged("s2", 0)));

        assertThat(store.asked).hasSize(1);
        assertThat(store.asked.get(0)).containsExactly(new SeriesId("s1"), new SeriesId("s2"));
        assertThat(store.metaOf(0)).isSameAs(B7);
        assertThat(store.metaOf(1)).isEqualTo(SeriesMeta.NONE);
    }

    @Test
    void emptyTagsMeanNoneEvenWhenTheSeriesHadSome() {
        store.latest.put(new SeriesId("s1"), B7);

        ingest.ingest(List.of(tagged("s1", 0, Map.of(), null), untagged("s1", 1)));

        assertThat(store.metaOf(0)).isEqualTo(SeriesMeta.NONE);
        assertThat(store.metaOf(1)).as("the batch's earlier reading is the series' latest").isEqualTo(SeriesMeta.NONE);
    }

    @Test
    void aReadingWithoutTagsAfterATaggedOneOfItsSeriesInTheBatchTakesThoseTags() {
        SeriesMeta b9 = new SeriesMeta(null, Tags.of(Map.of("building", "b9")));
        store.latest.put(new SeriesId("s1"), B7);

        ingest.ingest(List.of(untagged("s1", 0), tagged("s1", 1, Map.of("building", "b9"), null), untagged("s1", 2),
                untagged("s2", 2)));

        assertThat(store.metaOf(0)).isEqualTo(B7);
        assertThat(store.metaOf(1)).isEqualTo(b9);
        assertThat(store.metaOf(2)).isEqualTo(b9);
        assertThat(store.metaOf(3)).isEqualTo(SeriesMeta.NONE);
    }

    @Test
    void refusedReadingsBeforeAnUntaggedOneDoNotShiftWhichReadingGetsWhichMeta() {
        store.latest.put(new SeriesId("s2"), B7);
        ReadingInput refused = new ReadingInput("bad id!", T, FIELDS);

        IngestReport report = ingest.ingest(List.of(refused, tagged("s1", 0, Map.of("k", "a"), null), refused,
                untagged("s2", 0), refused, untagged("s1", 1)));

        assertThat(report.rejected()).hasSize(3);
        assertThat(store.stored).extracting(reading -> reading.series().value()).containsExactly("s1", "s2", "s1");
        assertThat(store.metaOf(0).tags()).isEqualTo(Tags.of("k", "a"));
        assertThat(store.metaOf(1)).isEqualTo(B7);
        assertThat(store.metaOf(2).tags()).isEqualTo(Tags.of("k", "a"));
    }

    @Test
    void aMeasurementSentWithoutTagsKeepsTheSeriesTagsUnderThatMeasurement() {
        store.latest.put(new SeriesId("s1"), B7);

        ingest.ingest(List.of(new ReadingInput("s1", T, FIELDS, null, "mem"),
                new ReadingInput("s1", T.plusSeconds(1), FIELDS, null, "mem")));

        assertThat(store.metaOf(0)).isEqualTo(new SeriesMeta("mem", B7.tags()));
        assertThat(store.metaOf(1)).isEqualTo(new SeriesMeta("mem", B7.tags()));
    }

    @Test
    void theSameMeasurementAsTheSeriesLatestKeepsThatMetaObject() {
        store.latest.put(new SeriesId("s1"), B7);

        ingest.ingest(List.of(new ReadingInput("s1", T, FIELDS, null, "cpu")));

        assertThat(store.metaOf(0)).isSameAs(B7);
    }

    @Test
    void aMeasurementAloneOnAStoreThatKeepsNoMetaIsStillStored() {
        ingest.ingest(List.of(untagged("s1", 0), new ReadingInput("s2", T, FIELDS, null, "mem")));

        assertThat(store.metaOf(0)).isEqualTo(SeriesMeta.NONE);
        assertThat(store.metaOf(1)).isEqualTo(new SeriesMeta("mem", Tags.NONE));
    }

    @Test
    void anUntaggedBatchOnAStoreWithoutMetaIsStoredWithoutAny() {
        ingest.ingest(List.of(untagged("s1", 0), untagged("s1", 1)));

        assertThat(store.asked).hasSize(1);
        assertThat(store.stored).extracting(Reading::meta).containsOnly(SeriesMeta.NONE);
    }

    @Test
    void theSameTagsSentAgainGiveOneMetaObjectAndInvalidTagsAreRefusedEachTime() {
        ingest.ingest(List.of(tagged("s1", 0, Map.of("building", "b7"), "cpu")));
        ingest.ingest(List.of(tagged("s2", 0, new HashMap<>(Map.of("building", "b7")), "cpu")));
        IngestReport first = ingest.ingest(List.of(tagged("s3", 0, Map.of("bad key", "x"), null)));
        IngestReport second = ingest.ingest(List.of(tagged("s3", 0, Map.of("bad key", "x"), null)));

        assertThat(store.metaOf(1)).isSameAs(store.metaOf(0));
        assertThat(first.rejected()).hasSize(1);
        assertThat(second.rejected()).hasSize(1);
        assertThat(second.rejected().get(0).message()).contains("bad key");
    }
    @Test
    void aSeriesMetaSentWithTheReadingIsStoredAsItIsAndStatesTheVersionWhole() {
        store.latest.put(new SeriesId("s1"), B7);
        SeriesMeta b9 = new SeriesMeta(null, Tags.of("building", "b9"));

        IngestReport report = ingest.ingest(List.of(ReadingInput.withMeta("s1", T, FIELDS, b9),
                ReadingInput.withMeta("s2", T, FIELDS, SeriesMeta.NONE), untagged("s1", 1)));

        assertThat(report.accepted()).isEqualTo(3);
        assertThat(store.metaOf(0)).as("the object sent, not a copy: a store compares it by identity").isSameAs(b9);
        assertThat(store.metaOf(1)).as("NONE is none, not the series' latest").isSameAs(SeriesMeta.NONE);
        assertThat(store.metaOf(2)).as("the batch's earlier reading is the series' latest").isSameAs(b9);
        assertThat(store.asked).hasSize(1);
        assertThat(store.asked.get(0)).containsExactly(new SeriesId("s1"));
    }

    @Test
    void aSeriesMetaWithTagsOrAMeasurementBesideItIsAProgrammingErrorNamedAtOnce() {
        assertThatThrownBy(() -> new ReadingInput("s1", T, FIELDS, null, Map.of("k", "v"), null, B7))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("s1").hasMessageContaining("either");
        assertThatThrownBy(() -> new ReadingInput("s1", T, FIELDS, null, null, "cpu", B7))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReadingInput.withMeta("s1", T, FIELDS, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aStoredReadingAsInputAgainCarriesItsMetaObject() {
        Reading stored = new Reading(new SeriesId("s1"), T, Fields.of(FIELDS), B7);

        ReadingInput again = ReadingInput.of(stored);

        assertThat(again.meta()).isSameAs(B7);
        assertThat(again.statesMeta()).isTrue();
        assertThat(untagged("s1", 0).statesMeta()).isFalse();
        assertThat(tagged("s1", 0, Map.of(), null).statesMeta()).isTrue();
    }
}
