package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;
import org.bson.BsonValue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Which of one series' groups contribute their stored summaries to the window aggregates, and which
 * are read instead: those cut by a window or range edge, and those holding a field's first or last
 * value in their window (a sealed document's summary holds both, {@link SealedSummary}).
 */
final class StoredSummaries {

    private StoredSummaries() {
    }

    /**
     * Feeds the summaries of one series' groups lying wholly in a window and the range, except the
     * groups holding a field's first or last value there; adds the ids of the buckets to read instead.
     */
    static void feed(List<StoredBucket> series, TimeRange range, WindowAggregator aggregator,
                     List<StoredBucket> toRead) {
        series.sort((a, b) -> a.start() != b.start() ? Long.compare(a.start(), b.start())
                : Integer.compare(a.seq(), b.seq()));
        Map<Long, List<BucketGroup>> whole = new TreeMap<>();
        for (BucketGroup group : BucketGroup.of(series)) {
            if (group.first() >= range.fromMilli() && group.last() < range.toMilli()
                    && aggregator.windowStart(group.first()) == aggregator.windowStart(group.last())) {
                whole.computeIfAbsent(aggregator.windowStart(group.first()), w -> new ArrayList<>()).add(group);
            } else {
                toRead.addAll(group.buckets());
            }
        }
        for (List<BucketGroup> groups : whole.values()) {
            Set<BucketGroup> edges = edges(groups);
            for (BucketGroup group : groups) {
                if (SealedSummary.covers(group)) {
                    SealedSummary.feed(aggregator, group.buckets().get(0));
                } else if (edges.contains(group) || group.mayOverlap()) {
                    toRead.addAll(group.buckets());
                } else {
                    group.buckets().forEach(bucket -> summary(aggregator, bucket));
                }
            }
        }
    }

    /** Adds a bucket lying wholly in one window: its count and its per-field summaries. */
    private static void summary(WindowAggregator aggregator, StoredBucket bucket) {
        WindowAggregator.Window window = aggregator.windowAt(bucket.first());
        window.countReadings(bucket.count());
        if (bucket.summary() == null) {
            return;
        }
        for (Map.Entry<String, BsonValue> entry : bucket.summary().entrySet()) {
            BsonDocument field = entry.getValue().asDocument();
            window.summary(entry.getKey(), new FieldSummary(field.getNumber(SUMMARY_COUNT).longValue(),
                    field.getNumber(SUMMARY_MIN).doubleValue(), field.getNumber(SUMMARY_MAX).doubleValue(),
                    field.getNumber(SUMMARY_SUM).doubleValue()));
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
}
