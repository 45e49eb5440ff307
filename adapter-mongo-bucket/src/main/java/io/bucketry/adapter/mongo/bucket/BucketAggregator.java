package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Window aggregates from buckets, accumulated by the domain's {@link WindowAggregator}. When
 * aggregation windows are at least as wide as buckets, a group of buckets lying wholly inside one
 * window and the range contributes its stored summary and is not read; the groups that can hold a
 * field's first or last value in that window, and those cut by a window or range edge, contribute
 * their readings. Narrower windows read the readings of the range only (projected server-side).
 * In the sealed layout a group that is one sealed document contributes its summary even at a window's
 * edge (it stores each field's first and last value, {@link SealedSummary}): whole windows decode
 * nothing. Groups read there are read whole, by series and start, and merged ({@link BucketGroup}):
 * a sealing between two queries replaces documents, never the set of readings of a window.
 */
final class BucketAggregator {

    private static final int IDS_PER_QUERY = 10_000;

    private final MongoCollection<BsonDocument> buckets;
    private final BucketPolicy policy;
    private final BucketQueries queries;
    private final boolean sealedLayout;
    /** Reads of sub-window summaries, or null when the policy keeps none. */
    private final SubWindowReads subWindows;

    BucketAggregator(MongoCollection<BsonDocument> buckets, BucketPolicy policy, BucketQueries queries,
                     boolean sealedLayout) {
        this.buckets = buckets;
        this.policy = policy;
        this.queries = queries;
        this.sealedLayout = sealedLayout;
        SubWindowFields shape = SubWindowFields.of(policy);
        this.subWindows = shape == null ? null : new SubWindowReads(shape);
    }

    /** Windows of one series, or of every series (series null) ordered by series then start. */
    List<WindowAggregate> aggregate(SeriesId series, TimeRange range, long windowMillis, int maxWindows) {
        return aggregate(series, TagFilter.ANY, range, windowMillis, maxWindows);
    }

    /**
     * As {@link #aggregate(SeriesId, TimeRange, long, int)}, of the buckets written with tags {@code filter}
     * matches: a bucket's readings share its tags, so its summaries serve a filter as they serve no filter.
     */
    List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, long windowMillis, int maxWindows) {
        return windows(series, filter, range, windowMillis, maxWindows).result();
    }

    /** The per-series accumulators {@link #aggregate(SeriesId, TagFilter, TimeRange, long, int)} answers from. */
    SeriesWindows windows(SeriesId series, TagFilter filter, TimeRange range, long windowMillis, int maxWindows) {
        SeriesWindows windows = new SeriesWindows(windowMillis, maxWindows);
        Bson tags = BucketMeta.filter(filter);
        Bson overlapping = BucketMeta.and(queries.overlapping(series, range.fromMilli(), range.toMilli()), filter);
        // whole buckets lie in one window when the windows are at least as wide as the buckets' (pages: always merged by summary)
        if (subWindows != null && ((BucketPolicy.Windowed) policy).subWindows().answers(Duration.ofMillis(windowMillis))) {
            withSubWindows(overlapping, tags, range, windows);
        } else if (!(policy instanceof BucketPolicy.Windowed windowed) || windowMillis >= windowed.widthMillis()) {
            withSummaries(overlapping, tags, range, windows);
        } else {
            readings(Aggregates.match(overlapping), range, windows);
        }
        return windows;
    }

    private void withSummaries(Bson overlapping, Bson tags, TimeRange range, SeriesWindows windows) {
        Map<SeriesId, List<StoredBucket>> bySeries = new TreeMap<>();
        for (BsonDocument document : buckets.find(overlapping).projection(Projections.exclude(READINGS, COLS))) {
            StoredBucket bucket = StoredBucket.from(document);
            bySeries.computeIfAbsent(bucket.series(), s -> new ArrayList<>()).add(bucket);
        }
        List<StoredBucket> toRead = new ArrayList<>();
        for (var entry : bySeries.entrySet()) {
            windows.feed(entry.getKey(), aggregator -> StoredSummaries.feed(entry.getValue(), range, aggregator, toRead));
            if (windows.full()) {
                // the caller refuses this result, so windows still lacking their first and last readings go unused
                return;
            }
        }
        read(toRead, tags, range, windows);
    }

    /**
     * Sub-window summaries: the groups whose summaries hold all their readings contribute those
     * the range takes whole; the others, and the sub-windows a range edge cuts, are read.
     */
    private void withSubWindows(Bson overlapping, Bson tags, TimeRange range, SeriesWindows windows) {
        Map<SeriesId, List<StoredBucket>> bySeries = new TreeMap<>();
        for (Map.Entry<Bson, Bson> query : subWindows.queries(range)) {
            Bson filter = query.getKey() == null ? overlapping : Filters.and(overlapping, query.getKey());
            for (BsonDocument document : buckets.find(filter).projection(query.getValue())) {
                StoredBucket bucket = StoredBucket.from(document);
                bySeries.computeIfAbsent(bucket.series(), s -> new ArrayList<>()).add(bucket);
            }
        }
        List<StoredBucket> toRead = new ArrayList<>();
        Map<TimeRange, List<StoredBucket>> cuts = new TreeMap<>(Comparator.comparing(TimeRange::from).thenComparing(TimeRange::to));
        for (var entry : bySeries.entrySet()) {
            entry.getValue().sort(Comparator.comparingLong(StoredBucket::start).thenComparingInt(StoredBucket::seq));
            windows.feed(entry.getKey(), aggregator -> {
                for (BucketGroup group : BucketGroup.of(entry.getValue())) {
                    if (subWindows.usable(group)) {
                        subWindows.feed(group, range, aggregator, cuts);
                    } else {
                        toRead.addAll(group.buckets());
                    }
                }
            });
            if (windows.full()) {
                return;
            }
        }
        read(toRead, tags, range, windows);
        cuts.forEach((part, cut) -> read(cut, tags, part, windows));
    }

    /**
     * Feeds the readings in {@code range} of {@code toRead} (in the sealed layout: of their whole groups, only
     * the documents of {@code tags} unless it is null: a window written with two metas has documents of each).
     */
    private void read(List<StoredBucket> toRead, Bson tags, TimeRange range, SeriesWindows windows) {
        // The sealed layout reads whole groups: one bucket per group stands for it, so no group is read twice.
        List<StoredBucket> reads = sealedLayout ? SealedReads.onePerGroup(toRead) : toRead;
        for (int i = 0; i < reads.size() && !windows.full(); i += IDS_PER_QUERY) {
            List<StoredBucket> part = reads.subList(i, Math.min(reads.size(), i + IDS_PER_QUERY));
            if (sealedLayout) {
                Bson groups = tags == null ? SealedReads.groupsOf(part) : Filters.and(SealedReads.groupsOf(part), tags);
                readings(Aggregates.match(groups), range, windows, SealedReads.keysOf(part));
            } else {
                List<BsonValue> ids = part.stream().map(StoredBucket::id).toList();
                readings(Aggregates.match(Filters.in(ID, ids)), range, windows);
            }
        }
    }

    private void readings(Bson match, TimeRange range, SeriesWindows windows) {
        if (sealedLayout) {
            readings(match, range, windows, null);
            return;
        }
        List<Bson> pipeline = List.of(match, BucketQueries.readingsIn(range.fromMilli(), range.toMilli()));
        for (BsonDocument document : buckets.aggregate(pipeline).batchSize(256)) {
            windows.feed(new SeriesId(document.getString(SERIES).getValue()), aggregator -> {
                for (BsonValue element : document.getArray(READINGS)) {
                    reading(aggregator, element.asDocument());
                }
            });
            if (windows.full()) {
                return;
            }
        }
    }

    /** The sealed layout: documents merged per group (of {@code keys} only, unless null) before they are fed. */
    private void readings(Bson match, TimeRange range, SeriesWindows windows, Set<String> keys) {
        List<Bson> pipeline = List.of(match, BucketQueries.readingsIn(range.fromMilli(), range.toMilli()));
        for (BucketGroup group : SealedReads.groups(buckets.aggregate(pipeline).batchSize(256), keys)) {
            windows.feed(group.buckets().get(0).series(), aggregator -> {
                for (Reading reading : group.readingsIn(range.fromMilli(), range.toMilli())) {
                    aggregator.add(reading);
                }
            });
            if (windows.full()) {
                return;
            }
        }
    }

    /** Adds one reading element {@code {t, <field>: value, …}}: its numeric fields. */
    private static void reading(WindowAggregator aggregator, BsonDocument element) {
        long time = ReadingCodec.time(element);
        WindowAggregator.Window window = aggregator.reading(time);
        for (Map.Entry<String, BsonValue> entry : element.entrySet()) {
            if (entry.getValue().isNumber() && !entry.getKey().equals(TIME)) {
                window.value(entry.getKey(), time, entry.getValue().asNumber().doubleValue());
            }
        }
    }
}
