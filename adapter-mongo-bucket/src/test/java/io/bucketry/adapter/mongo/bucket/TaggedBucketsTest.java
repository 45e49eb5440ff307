package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tags on mongo-bucket, rows and sealed: a bucket keeps the tags its readings were written with at its root,
 * a re-tagged series continues in new buckets while late readings keep theirs, a duplicate written with
 * other tags stays a duplicate, and every tag query equals a brute force over the readings as first stored.
 */
class TaggedBucketsTest {

    private static final BucketPolicy HOURLY = BucketPolicy.windowed(Duration.ofHours(1), 1000);
    private static final TimeRange DAY = TimeRange.of(BASE, BASE.plus(Duration.ofDays(1)));

    private final MutableClock clock = new MutableClock(BASE.plus(Duration.ofDays(2)));
    private MongoBucketReadingStore store;
    /** The readings as first stored, by (series, time): what every answer is checked against. */
    private final Map<SeriesId, TreeMap<Long, Reading>> stored = new TreeMap<>();

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private void open(DocumentLayout layout) {
        store = MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(layout, Duration.ZERO), HOURLY,
                RetentionPolicy.defaults(), clock, true);
    }

    private void write(List<Reading> batch) {
        store.store(batch);
        for (Reading reading : batch) {
            stored.computeIfAbsent(reading.series(), s -> new TreeMap<>()).putIfAbsent(reading.epochMilli(), reading);
        }
    }

    private static SeriesMeta tags(String building, String type) {
        return SeriesMeta.of(new Tags(Map.of("building", building, "type", type)));
    }

    private static Reading at(SeriesId series, long minutes, double value, SeriesMeta meta) {
        return value(series, minute(minutes), value).withMeta(meta);
    }

    /**
     * Four sensors over three hours, one reading every 10 minutes: a and b in building 1, c in 2, d untagged;
     * a moves to building 2 at 1:30 (mid-window), then a late reading of a at 1:05 comes with its old tags, and
     * b's reading at 0:20 is sent again with other tags (a duplicate).
     */
    private void writeTheMove() {
        SeriesId a = new SeriesId("a-" + System.nanoTime());
        SeriesId b = new SeriesId("b-" + System.nanoTime());
        SeriesId c = new SeriesId("c-" + System.nanoTime());
        SeriesId d = new SeriesId("d-" + System.nanoTime());
        List<Reading> first = new ArrayList<>();
        for (long m = 0; m < 180; m += 10) {
            first.add(at(a, m, m, m < 90 ? tags("1", "temp") : tags("2", "temp")));
            first.add(at(b, m, 1000 + m, tags("1", "hum")));
            first.add(at(c, m, 2000 + m, tags("2", "temp")));
            first.add(at(d, m, 3000 + m, SeriesMeta.NONE));
        }
        first.removeIf(r -> r.series().equals(a) && r.epochMilli() == minute(60).toEpochMilli());
        write(first.subList(0, 40));
        write(first.subList(40, first.size()));
        write(List.of(at(a, 65, -65, tags("1", "temp")), at(a, 60, -60, tags("1", "temp"))));
        write(List.of(at(b, 20, 99, tags("9", "hum"))));
    }

    private List<Reading> expected(TagFilter filter, SeriesId only) {
        List<Reading> out = new ArrayList<>();
        stored.forEach((series, readings) -> readings.values().forEach(r -> {
            if ((only == null || only.equals(series)) && filter.matches(r.meta().tags())) {
                out.add(r);
            }
        }));
        return out;
    }

    private List<WindowAggregate> bruteWindows(TagFilter filter, Duration window) {
        Map<SeriesId, WindowAggregator> bySeries = new TreeMap<>();
        for (Reading reading : expected(filter, null)) {
            bySeries.computeIfAbsent(reading.series(), s -> new WindowAggregator(s, window)).add(reading);
        }
        List<WindowAggregate> out = new ArrayList<>();
        bySeries.values().forEach(aggregator -> out.addAll(aggregator.result()));
        return out;
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void aRetaggedSeriesKeepsEachReadingUnderTheTagsItWasWrittenWith(DocumentLayout layout) {
        open(layout);
        writeTheMove();
        SeriesId a = stored.keySet().iterator().next();

        assertThat(store.capabilities()).contains(Capability.TAGS);
        TagFilter building1 = TagFilter.of(Condition.oneOf("building", "1"));
        assertThat(store.read(a, building1, DAY, 1000)).containsExactlyElementsOf(expected(building1, a));
        assertThat(store.read(a, TagFilter.ANY, DAY, 1000)).containsExactlyElementsOf(expected(TagFilter.ANY, a));
        assertThat(expected(TagFilter.of(Condition.oneOf("building", "9")), null)).isEmpty();
        assertThat(store.aggregateAll(TagFilter.of(Condition.oneOf("building", "9")), DAY, Duration.ofHours(1), 1000))
                .as("a duplicate sent with other tags is not stored under them").isEmpty();
        // the window 1:00-2:00 of a holds readings of building 1 (1:10, 1:20; 1:00 and 1:05 late) and 2 (1:30-1:50)
        List<BsonDocument> window = documents(store, Filters.and(Filters.eq(BucketFields.SERIES, a.value()),
                Filters.eq(BucketFields.START, java.util.Date.from(minute(60)))));
        assertThat(window).hasSizeGreaterThanOrEqualTo(2).extracting(BucketMeta::of)
                .containsOnly(tags("1", "temp"), tags("2", "temp"));
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void filteredAggregatesEqualTheBruteForceOverTheReadingsWrittenWithThoseTags(DocumentLayout layout) {
        open(layout);
        writeTheMove();

        for (TagFilter filter : List.of(TagFilter.of(Condition.oneOf("building", "2")),
                TagFilter.of(Condition.any("building")), TagFilter.of(Condition.oneOf("type", "temp", "hum"),
                        Condition.oneOf("building", "1")))) {
            for (Duration width : List.of(Duration.ofHours(1), Duration.ofMinutes(20), Duration.ofHours(3))) {
                assertThat(store.aggregateAll(filter, DAY, width, 10_000)).as(filter + " " + width)
                        .containsExactlyElementsOf(bruteWindows(filter, width));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void groupedAggregatesMergeEachGroupsSeriesAsTheBruteForceDoes(DocumentLayout layout) {
        open(layout);
        writeTheMove();

        for (GroupBy groupBy : List.of(GroupBy.of("building"), GroupBy.of("building", "type"), GroupBy.of("floor"))) {
            for (Duration width : List.of(Duration.ofHours(1), Duration.ofMinutes(30))) {
                GroupAggregator brute = new GroupAggregator(groupBy, width);
                stored.forEach((series, readings) -> {
                    brute.series(series);
                    brute.addAll(new ArrayList<>(readings.values()));
                });
                assertThat(store.aggregateGroups(TagFilter.ANY, groupBy, DAY, width, 10_000)).as(groupBy + " " + width)
                        .isEqualTo(brute.result());
            }
        }
        TagFilter temp = TagFilter.of(Condition.oneOf("type", "temp"));
        GroupAggregator brute = new GroupAggregator(GroupBy.of("building"), Duration.ofHours(1));
        Map<SeriesId, List<Reading>> bySeries = new TreeMap<>();
        expected(temp, null).forEach(r -> bySeries.computeIfAbsent(r.series(), s -> new ArrayList<>()).add(r));
        bySeries.forEach((series, readings) -> {
            brute.series(series);
            brute.addAll(readings);
        });
        assertThat(store.aggregateGroups(temp, GroupBy.of("building"), DAY, Duration.ofHours(1), 10_000))
                .isEqualTo(brute.result());
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void latestAndListingFollowEachSeriesLatestTags(DocumentLayout layout) {
        open(layout);
        writeTheMove();
        Map<SeriesId, Reading> latest = new LinkedHashMap<>();
        stored.forEach((series, readings) -> latest.put(series, readings.lastEntry().getValue()));

        TagFilter building2 = TagFilter.of(Condition.oneOf("building", "2"));
        assertThat(store.latest(building2, BASE, 100)).containsExactlyElementsOf(latest.values().stream()
                .filter(r -> building2.matches(r.meta().tags())).sorted(Comparator.comparing(Reading::series)).toList());
        assertThat(store.latest(building2, minute(180), 100)).as("none at or after 3:00").isEmpty();
        assertThat(store.listSeries(building2, "", null, 100, BASE)).extracting(SeriesSummary::series)
                .containsExactlyElementsOf(latest.values().stream().filter(r -> building2.matches(r.meta().tags()))
                        .map(Reading::series).sorted().toList());
        assertThat(store.listSeries("", null, 100, BASE)).extracting(SeriesSummary::meta)
                .containsExactlyElementsOf(latest.values().stream().map(Reading::meta).toList());
        Map<SeriesId, SeriesMeta> metas = new TreeMap<>();
        latest.forEach((series, reading) -> {
            if (!reading.meta().equals(SeriesMeta.NONE)) {
                metas.put(series, reading.meta());
            }
        });
        assertThat(store.latestMeta(latest.keySet())).isEqualTo(metas);
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void bucketsKeepTheirTagsAtTheRootAndUntaggedOnesStayBare(DocumentLayout layout) {
        open(layout);
        writeTheMove();
        store.seal();

        List<BsonDocument> documents = documents(store, Filters.exists(BucketFields.SERIES));
        assertThat(documents).allSatisfy(document -> {
            boolean untagged = document.getString(BucketFields.SERIES).getValue().startsWith("d-");
            assertThat(document.containsKey(BucketMeta.TAGS)).isEqualTo(!untagged);
            assertThat(document.containsKey(BucketMeta.MEASUREMENT)).isFalse();
        });
        if (layout == DocumentLayout.SEALED) {
            assertThat(documents).filteredOn(d -> d.containsKey(BucketFields.COLS)).isNotEmpty()
                    .allSatisfy(d -> assertThat(d.getString(BucketFields.SERIES).getValue().startsWith("d-")
                            || d.isArray(BucketMeta.TAGS)).isTrue());
        }
    }
}
