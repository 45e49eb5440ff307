package io.bucketry.server.transfer;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.transfer.ReadingStream;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** Tags and measurement in CSV: an export imported into an empty store gives every reading its tags back (issue 32). */
class CsvTagsRoundTripTest {

    /** Within the default retention (90 days) of the stores. */
    private static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(1, ChronoUnit.DAYS);

    private final Bucketry source = Bucketry.start(BucketryConfig.builder().build());
    private final Bucketry target = Bucketry.start(BucketryConfig.builder().build());

    @AfterEach
    void close() {
        source.close();
        target.close();
    }

    /** The readings sent: a sensor re-tagged (and a late reading among the old tags), a tagged one untagged, an untagged one. */
    private static List<ReadingInput> sent() {
        List<ReadingInput> inputs = new ArrayList<>();
        for (int minute = 0; minute < 10; minute++) {
            Map<String, String> tags = minute < 5 ? Map.of("building", "7", "floor", "2, \"east\"")
                    : Map.of("building", "8", "note", " spaced ");
            inputs.add(new ReadingInput("sensor-a", T0.plusSeconds(60L * minute), Map.of("v", minute), tags,
                    minute < 5 ? "climate" : null));
            inputs.add(new ReadingInput("sensor-b", T0.plusSeconds(60L * minute), Map.of("v", 100 + minute),
                    minute < 3 ? Map.of("type", "temp") : Map.of(), null));
            inputs.add(new ReadingInput("sensor-c", T0.plusSeconds(60L * minute), Map.of("w", "OK"), Map.of(), null));
        }
        inputs.add(new ReadingInput("sensor-a", T0.plusSeconds(150), Map.of("v", 2.5), Map.of("building", "8"), "late"));
        return inputs;
    }

    /** What each reading is stored as: its series, time, fields and the meta it was sent with. */
    private static List<Reading> expected(List<ReadingInput> inputs) {
        return inputs.stream().map(input -> Reading.of(input.series(), (Instant) input.time(), input.fields())
                        .withMeta(input.tags().isEmpty() && input.measurement() == null ? SeriesMeta.NONE
                                : new SeriesMeta(input.measurement(), Tags.of(input.tags()))))
                .sorted(Comparator.comparing((Reading r) -> r.series().value()).thenComparing(Reading::time)).toList();
    }

    private static List<Reading> stored(Bucketry store) {
        List<Reading> all = new ArrayList<>();
        for (String series : List.of("sensor-a", "sensor-b", "sensor-c")) {
            all.addAll(store.read().read(new SeriesId(series), null, null, 1000));
        }
        return all;
    }

    private static String exportCsv(Bucketry store) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new Export(new ReadingStream(store.read(), store.series())).write(ExportSelection.all("sensor-", null, null),
                ExportFormat.CSV, out, n -> { });
        return out.toString(StandardCharsets.UTF_8);
    }

    private static ImportResult importCsv(Bucketry store, String csv, List<LineRejection> rejections) throws IOException {
        return new Import(store.ingest(), 4).run(ExportFormat.CSV,
                new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), rejections::add, n -> { });
    }

    @Test
    void aCsvExportImportedIntoAnEmptyStoreKeepsEveryReadingsTagsAndMeasurement() throws IOException {
        // given
        IngestReport report = source.ingest().ingest(sent());
        assertThat(report.rejected()).isEmpty();
        List<Reading> expected = expected(sent());
        assertThat(stored(source)).as("the source stores what was sent").isEqualTo(expected);
        assertThat(expected.stream().map(Reading::meta).collect(Collectors.toSet())).as("versions in the data: a re-tag, a late reading, tags dropped, none").hasSize(5);

        // when
        String csv = exportCsv(source);
        List<LineRejection> rejections = new ArrayList<>();
        ImportResult result = importCsv(target, csv, rejections);

        // then
        assertThat(csv.lines().findFirst().orElseThrow())
                .isEqualTo("series,time,_measurement,tag.building,tag.floor,tag.note,tag.type,v,w");
        assertThat(rejections).isEmpty();
        assertThat(result.accepted()).isEqualTo(expected.size());
        assertThat(stored(target)).isEqualTo(expected);
        assertThat(exportCsv(target)).as("exported again").isEqualTo(csv);
    }

    @Test
    void aRecordWithAMalformedTagCellIsRejectedByLineAndColumnAndTheRestOfItsBatchIsStored() throws IOException {
        // given: the second of three records has an empty text for a tag
        String csv = "series,time,tag.building,v\n"
                + "sensor-a," + T0 + ",7,1\n"
                + "sensor-a," + T0.plusSeconds(60) + ",\"\",2\n"
                + "sensor-a," + T0.plusSeconds(120) + ",8,3\n";
        List<LineRejection> rejections = new ArrayList<>();

        // when
        ImportResult result = importCsv(target, csv, rejections);

        // then
        assertThat(result.accepted()).isEqualTo(2);
        assertThat(result.rejected()).isEqualTo(1);
        assertThat(rejections).extracting(LineRejection::toString).containsExactly("line 3: INVALID_TAG column 3"
                + " (tag.building): tag 'building' has an empty value; a tag value is a text of 1-256 characters");
        assertThat(stored(target)).extracting(r -> r.meta().tags().get("building")).containsExactly("7", "8");
    }

    @Test
    void aCsvWithoutTagColumnsGivesEachReadingItsSeriesLatestTagsAsBefore() throws IOException {
        // given: the series is in building 7
        target.ingest().ingest(List.of(new ReadingInput("sensor-a", T0, Map.of("v", 0), Map.of("building", "7"), "m")));

        // when
        importCsv(target, "series,time,v\nsensor-a," + T0.plusSeconds(60) + ",1\n", new ArrayList<>());

        // then
        assertThat(stored(target)).extracting(Reading::meta).containsOnly(new SeriesMeta("m", Tags.of("building", "7")))
                .hasSize(2);
    }

    @Test
    void anExportWithoutTagsOrMeasurementHasNoSuchColumns() throws IOException {
        // given
        source.ingest().ingest(List.of(new ReadingInput("sensor-c", T0, Map.of("w", "OK"))));

        // when
        String csv = exportCsv(source);

        // then
        assertThat(csv).isEqualTo("series,time,w\r\nsensor-c," + T0 + ",OK\r\n");
    }
    @Test
    void aRecordWithMoreTagsThanAReadingKeepsIsRejectedAloneAndTheOthersAreStored() throws IOException {
        // given: 33 tag columns, all filled in the first record, one in the second
        String keys = IntStream.range(0, Tags.MAX_TAGS + 1).mapToObj(k -> "tag.k" + k).collect(Collectors.joining(","));
        String csv = "series,time," + keys + ",v\n"
                + "sensor-a," + T0 + "," + "x,".repeat(Tags.MAX_TAGS + 1) + "1\n"
                + "sensor-a," + T0.plusSeconds(60) + ",x" + ",".repeat(Tags.MAX_TAGS + 1) + "2\n";
        List<LineRejection> rejections = new ArrayList<>();

        // when
        ImportResult result = importCsv(target, csv, rejections);

        // then
        assertThat(result.accepted()).isEqualTo(1);
        assertThat(rejections).extracting(LineRejection::line, LineRejection::code)
                .containsExactly(tuple(2L, "INVALID_TAG"));
        assertThat(rejections.get(0).message()).contains("at most " + Tags.MAX_TAGS);
        assertThat(stored(target)).extracting(r -> r.meta().tags().values()).containsExactly(Map.of("k0", "x"));
    }
}
