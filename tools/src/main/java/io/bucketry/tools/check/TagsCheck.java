package io.bucketry.tools.check;

import io.bucketry.adapter.mongo.bucket.MongoBucketDiagnostics;
import io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesReadingStore;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import static io.bucketry.tools.check.CheckData.origin;

/**
 * Tags on the user's server (both Mongo backends): 20 sensors in 4 buildings over 3 hours (one moved to another building half
 * way, late readings with its old tags, duplicates resent with other tags), then a tag filter's 5-minute
 * aggregates and the 5-minute averages per building, each against a brute force over the readings as
 * first written with the tags each was written with (random values from a printed seed).
 */
final class TagsCheck {

    private static final Duration WINDOW = Duration.ofMinutes(5);

    private TagsCheck() {
    }

    static Check check() {
        return Check.of("tags", TagsCheck::run);
    }

    static Outcome run(CheckContext context) {
        BucketryConfig config = context.config("tags", UnaryOperator.identity());
        if (!(config.bucketPolicyValue() instanceof BucketPolicy.Windowed policy)) {
            return Outcome.skip("the paged bucket policy keeps no tags; check with the windowed policy");
        }
        long seed = context.now().toEpochMilli();
        Random random = new Random(seed);
        Instant first = origin(context.now());
        List<Reading> written = new ArrayList<>();
        for (int s = 0; s < 20; s++) {
            for (int m = 0; m < 180; m++) {
                String building = s == 0 && m >= 90 ? "b9" : "b" + s % 4;
                SeriesMeta meta = SeriesMeta.of(new Tags(Map.of("building", building, "type", "t" + s % 2)));
                written.add(Reading.of("tags-" + s, first.plus(Duration.ofMinutes(m)),
                        Map.of("temperature", Math.round(random.nextGaussian() * 1e4) / 100.0)).withMeta(meta));
            }
        }
        List<Reading> later = new ArrayList<>();
        for (Reading reading : written.subList(0, 200)) {
            later.add(reading.withMeta(SeriesMeta.of(Tags.of("building", "resent")))); // duplicates with other tags
        }
        try (ReadingStore store = context.backend() == Backend.MONGO_BUCKET
                ? MongoBucketReadingStore.open(context.bucketSettings("tags").withTags(true), policy, config.retentionPolicy())
                : MongoTimeSeriesReadingStore.open(context.timeSeriesSettings("tags").withTags(true), policy,
                config.retentionPolicy())) {
            store.store(written.subList(100, written.size()));
            store.store(written.subList(0, 100)); // late, tags-0 among them with its first tags
            store.store(later);
            TimeRange range = TimeRange.of(first, first.plus(Duration.ofHours(3)));
            TagFilter b1 = TagFilter.of(TagFilter.Condition.oneOf("building", "b1"));
            List<WindowAggregate> filtered = store.aggregateAll(b1, range, WINDOW, 100_000);
            List<GroupWindows> grouped = store.aggregateGroups(TagFilter.ANY, GroupBy.of("building"), range, WINDOW, 100_000);
            List<WindowAggregate> expectedFiltered = bruteWindows(written, b1);
            List<GroupWindows> expectedGrouped = bruteGroups(written, GroupBy.of("building"));
            // mongo-bucket's {tags, start}; a native collection filters its buckets by metaField subfields
            boolean indexed = context.backend() != Backend.MONGO_BUCKET || context.server().indexes("tags").stream()
                    .anyMatch(index -> index.name().equals(MongoBucketDiagnostics.tagIndex().name()));
            boolean resentHidden = store.aggregateAll(TagFilter.of(TagFilter.Condition.oneOf("building", "resent")),
                    range, WINDOW, 100_000).isEmpty();
            return Outcome.when(filtered.equals(expectedFiltered) && grouped.equals(expectedGrouped) && resentHidden && indexed,
                    (context.backend() == Backend.MONGO_BUCKET ? "index " + MongoBucketDiagnostics.tagIndex().keyJson()
                            + " present; " : "") + filtered.size() + " windows of building=b1 and " + grouped.size() + " groups by building ("
                            + grouped.stream().mapToInt(g -> g.windows().size()).sum() + " windows) equal a brute force"
                            + " over the readings as first written; duplicates resent with other tags stored under none"
                            + " (seed " + seed + ")",
                    "seed " + seed + ": " + (!filtered.equals(expectedFiltered) ? "building=b1 answered " + filtered.size()
                            + " windows, expected " + expectedFiltered.size() : !grouped.equals(expectedGrouped)
                            ? "groups by building differ from the brute force" : !resentHidden
                            ? "duplicates resent with other tags were stored" : "the server lists no index "
                            + MongoBucketDiagnostics.tagIndex().keyJson()));
        }
    }

    private static List<WindowAggregate> bruteWindows(List<Reading> written, TagFilter filter) {
        Map<SeriesId, WindowAggregator> bySeries = new TreeMap<>();
        for (Reading reading : sorted(written)) {
            if (filter.matches(reading.meta().tags())) {
                bySeries.computeIfAbsent(reading.series(), s -> new WindowAggregator(s, WINDOW)).add(reading);
            }
        }
        List<WindowAggregate> out = new ArrayList<>();
        bySeries.values().forEach(aggregator -> out.addAll(aggregator.result()));
        return out;
    }

    private static List<GroupWindows> bruteGroups(List<Reading> written, GroupBy groupBy) {
        GroupAggregator aggregator = new GroupAggregator(groupBy, WINDOW);
        SeriesId current = null;
        for (Reading reading : sorted(written)) {
            if (!reading.series().equals(current)) {
                current = reading.series();
                aggregator.series(current);
            }
            aggregator.add(reading.meta().tags(), reading.epochMilli(), reading.fields());
        }
        return aggregator.result();
    }

    /** The readings in (series, time) order: each identity once, as written first. */
    private static List<Reading> sorted(List<Reading> written) {
        TreeMap<String, Reading> kept = new TreeMap<>();
        for (Reading reading : written) {
            kept.putIfAbsent(reading.series().value() + " " + String.format("%020d", reading.epochMilli()), reading);
        }
        return new ArrayList<>(kept.values());
    }
}
