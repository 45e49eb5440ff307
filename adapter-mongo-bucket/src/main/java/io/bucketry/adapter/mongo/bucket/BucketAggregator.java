package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Window aggregates from buckets. When aggregation windows are at least as wide as buckets, a
 * group of buckets lying wholly inside one window and the range contributes its stored summary
 * and is not read; the groups that can hold a field's first or last value in that window, and
 * those cut by a window or range edge, contribute their readings. Narrower windows read the
 * readings of the range only (projected server-side).
 */
final class BucketAggregator {

    private static final int IDS_PER_QUERY = 10_000;

    private final MongoCollection<BsonDocument> buckets;
    private final BucketPolicy policy;
    private final BucketQueries queries;

    BucketAggregator(MongoCollection<BsonDocument> buckets, BucketPolicy policy, BucketQueries queries) {
        this.buckets = buckets;
        this.policy = policy;
        this.queries = queries;
    }

    /** Windows of one series, or of every series (series null) ordered by series then start. */
    List<WindowAggregate> aggregate(SeriesId series, TimeRange range, long windowMillis, int maxWindows) {
        Windows windows = new Windows(windowMillis, maxWindows);
        Bson overlapping = queries.overlapping(series, range.fromMilli(), range.toMilli());
        if (policy.isPaged() || windowMillis >= policy.widthMillis()) {
            withSummaries(overlapping, range, windows);
        } else {
            readings(Aggregates.match(overlapping), range, windows);
        }
        return windows.result();
    }

    private void withSummaries(Bson overlapping, TimeRange range, Windows windows) {
        Map<SeriesId, List<StoredBucket>> bySeries = new TreeMap<>();
        for (BsonDocument document : buckets.find(overlapping).projection(Projections.exclude(READINGS))) {
            StoredBucket bucket = StoredBucket.from(document);
            bySeries.computeIfAbsent(bucket.series(), s -> new ArrayList<>()).add(bucket);
        }
        List<BsonValue> toRead = new ArrayList<>();
        for (var entry : bySeries.entrySet()) {
            entry.getValue().sort((a, b) -> a.start() != b.start() ? Long.compare(a.start(), b.start())
                    : Integer.compare(a.seq(), b.seq()));
            WindowAccumulator accumulator = windows.of(entry.getKey());
            Map<Long, List<BucketGroup>> whole = new TreeMap<>();
            for (BucketGroup group : BucketGroup.of(entry.getValue())) {
                if (group.first() >= range.fromMilli() && group.last() < range.toMilli()
                        && accumulator.windowStart(group.first()) == accumulator.windowStart(group.last())) {
                    whole.computeIfAbsent(accumulator.windowStart(group.first()), w -> new ArrayList<>()).add(group);
                } else {
                    group.buckets().forEach(bucket -> toRead.add(bucket.id()));
                }
            }
            for (List<BucketGroup> groups : whole.values()) {
                Set<BucketGroup> edges = edges(groups);
                for (BucketGroup group : groups) {
                    if (edges.contains(group)) {
                        group.buckets().forEach(bucket -> toRead.add(bucket.id()));
                    } else {
                        group.buckets().forEach(bucket -> accumulator.summary(bucket.first(), bucket.count(),
                                bucket.summary() == null ? new BsonDocument() : bucket.summary()));
                    }
                }
            }
            if (windows.full()) {
                return;
            }
        }
        for (int i = 0; i < toRead.size() && !windows.full(); i += IDS_PER_QUERY) {
            List<BsonValue> ids = toRead.subList(i, Math.min(toRead.size(), i + IDS_PER_QUERY));
            readings(Aggregates.match(Filters.in(ID, ids)), range, windows);
        }
    }

    /** Per field, the groups (in time order) holding the first and the last value of that field. */
    private static Set<BucketGroup> edges(List<BucketGroup> groups) {
        Map<String, BucketGroup> first = new TreeMap<>();
        Map<String, BucketGroup> last = new TreeMap<>();
        for (BucketGroup group : groups) {
            for (StoredBucket bucket : group.buckets()) {
                if (bucket.summary() != null) {
                    for (String field : bucket.summary().keySet()) {
                        first.putIfAbsent(field, group);
                        last.put(field, group);
                    }
                }
            }
        }
        Set<BucketGroup> edges = Collections.newSetFromMap(new IdentityHashMap<>());
        edges.addAll(first.values());
        edges.addAll(last.values());
        return edges;
    }

    private void readings(Bson match, TimeRange range, Windows windows) {
        List<Bson> pipeline = List.of(match, BucketQueries.readingsIn(range.fromMilli(), range.toMilli()));
        for (BsonDocument document : buckets.aggregate(pipeline).batchSize(256)) {
            WindowAccumulator accumulator = windows.of(new SeriesId(document.getString(SERIES).getValue()));
            for (BsonValue element : document.getArray(READINGS)) {
                accumulator.reading(element.asDocument());
            }
            if (windows.full()) {
                return;
            }
        }
    }

    /** Accumulators per series, and whether more than the caller's maximum of windows exist already. */
    private static final class Windows {
        private final long windowMillis;
        private final int maxWindows;
        private final TreeMap<SeriesId, WindowAccumulator> bySeries = new TreeMap<>();
        private final LongAdder created = new LongAdder();

        Windows(long windowMillis, int maxWindows) {
            this.windowMillis = windowMillis;
            this.maxWindows = maxWindows;
        }

        WindowAccumulator of(SeriesId series) {
            return bySeries.computeIfAbsent(series, s -> new WindowAccumulator(s, windowMillis, created));
        }

        boolean full() {
            return created.sum() > maxWindows;
        }

        List<WindowAggregate> result() {
            List<WindowAggregate> out = new ArrayList<>();
            bySeries.values().forEach(accumulator -> out.addAll(accumulator.result()));
            return out;
        }
    }
}
