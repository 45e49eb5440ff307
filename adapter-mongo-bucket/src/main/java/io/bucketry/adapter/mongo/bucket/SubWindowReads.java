package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;
import static io.bucketry.adapter.mongo.bucket.SubWindowFields.FIELDS;
import static io.bucketry.adapter.mongo.bucket.SubWindowFields.N;
import static io.bucketry.adapter.mongo.bucket.SubWindowFields.SUBS;

/**
 * How an aggregate whose window is a multiple of the sub-window width reads a group of buckets
 * from their sub-window summaries ({@link SubWindowFields}): the projection leaves {@code readings}
 * and {@code cols} on the server and keeps only the sub-windows the range touches; a sub-window
 * lying in the range (or whose group has no reading beyond the range on that side) is fed whole;
 * one cut by a range edge is read from its readings over the cut part only.
 */
final class SubWindowReads {

    private final SubWindowFields shape;

    SubWindowReads(SubWindowFields shape) {
        this.shape = shape;
    }

    /**
     * The queries of {@code range} as (filter on {@code start} or null, projection): key, counts, times
     * and the sub-windows the range touches. A range shorter than a bucket width has one query per
     * bucket start it touches, each projecting only that bucket's sub-windows; a longer one projects
     * all of {@code subs} in one query.
     */
    List<Map.Entry<Bson, Bson>> queries(TimeRange range) {
        long from = range.fromMilli();
        long to = range.toMilli();
        if (to - from >= shape.bucketWidth) {
            return List.of(new AbstractMap.SimpleEntry<>(null, projection(List.of())));
        }
        List<Map.Entry<Bson, Bson>> queries = new ArrayList<>();
        for (long start = shape.bucketStart(from); start < to; start += shape.bucketWidth) {
            TreeSet<Integer> indexes = new TreeSet<>();
            long end = Math.min(to, start + shape.bucketWidth);
            for (long sub = shape.subStart(Math.max(from, start)); sub < end; sub += shape.subs.widthMillis()) {
                indexes.add(shape.index(sub));
            }
            boolean all = indexes.size() == shape.subs.perBucket(shape.bucketWidth);
            queries.add(new AbstractMap.SimpleEntry<>(Filters.eq(START, new Date(start)), projection(all ? List.of() : indexes)));
        }
        return queries;
    }

    /** The projection of {@code indexes} (all of {@code subs} when empty). */
    private Bson projection(Collection<Integer> indexes) {
        List<String> fields = new ArrayList<>(List.of(SERIES, START, SEQ, COUNT, FIRST, LAST, UNSEALED));
        if (indexes.isEmpty()) {
            fields.add(SUBS);
        } else {
            fields.add(SUBS + "." + shape.total());
            indexes.forEach(index -> fields.add(SUBS + "." + index));
        }
        return Projections.include(fields);
    }

    /** True when every reading of the group is in its summaries: each bucket's total equals its count, and none is counted twice. */
    boolean usable(BucketGroup group) {
        if (group.mayOverlap()) {
            return false;
        }
        for (StoredBucket bucket : group.buckets()) {
            if (!shape.complete(bucket.subs(), bucket.count())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Feeds the sub-windows of a usable group that the range takes whole; adds the buckets of a
     * sub-window cut by a range edge to {@code cuts}, under the part of the range that sub-window covers.
     */
    void feed(BucketGroup group, TimeRange range, WindowAggregator aggregator, Map<TimeRange, List<StoredBucket>> cuts) {
        long width = shape.subs.widthMillis();
        long from = range.fromMilli();
        long to = range.toMilli();
        for (StoredBucket bucket : group.buckets()) {
            for (Map.Entry<String, BsonValue> entry : bucket.subs().entrySet()) {
                if (!Character.isDigit(entry.getKey().charAt(0))) {
                    continue; // a total (n<width>), not a sub-window
                }
                long start = shape.subs.start(bucket.start(), Integer.parseInt(entry.getKey()));
                long end = start + width;
                if (end <= from || start >= to) {
                    continue; // a sub-window of the bucket outside the range (all of subs projected)
                }
                if ((start >= from || group.first() >= from) && (end <= to || group.last() < to)) {
                    fold(aggregator, start, entry.getValue().asDocument());
                } else {
                    TimeRange part = TimeRange.of(Instant.ofEpochMilli(Math.max(from, start)), Instant.ofEpochMilli(Math.min(to, end)));
                    cuts.computeIfAbsent(part, p -> new ArrayList<>()).add(bucket);
                }
            }
        }
    }

    /** Adds one sub-window's summary to the window holding it (aggregation windows are multiples of the sub-window). */
    private static void fold(WindowAggregator aggregator, long start, BsonDocument sub) {
        WindowAggregator.Window window = aggregator.windowAt(start);
        window.countReadings(sub.getNumber(N).longValue());
        BsonDocument fields = sub.getDocument(FIELDS, null);
        if (fields == null) {
            return;
        }
        for (Map.Entry<String, BsonValue> field : fields.entrySet()) {
            window.span(field.getKey(), SubWindowUpdate.span(field.getValue().asDocument(), start));
        }
    }
}
