package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Accumulators;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.BsonField;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * The reads a planner makes before writing: stored bucket keys, counts and reading times. They
 * decide writes, so they always go to the primary, whatever read preference the connection string
 * sets: a secondary may lag and show a bucket without its newest readings (stale planning repeats
 * E11000, or misses a duplicate) — https://www.mongodb.com/docs/manual/core/read-preference/.
 */
final class BucketKnowledge {

    private static final Bson META_AND_TIMES = Projections.include(SERIES, START, SEQ, COUNT, BYTES, FIRST, LAST,
            READING_TIMES, COLS, UNSEALED, BucketMeta.TAGS, BucketMeta.MEASUREMENT);
    private static final Bson BY_KEY = Sorts.ascending(SERIES, START, SEQ);

    private final MongoCollection<BsonDocument> buckets;

    BucketKnowledge(MongoCollection<BsonDocument> buckets) {
        this.buckets = buckets.withReadPreference(ReadPreference.primary());
    }

    /** The collection these reads go through (primary read preference). */
    MongoCollection<BsonDocument> collection() {
        return buckets;
    }

    /** Every bucket (all seqs, with reading times) of the given windows: one query. */
    Map<SeriesId, Map<Long, List<StoredBucket>>> windows(Map<SeriesId, Set<Long>> starts) {
        Map<SeriesId, Map<Long, List<StoredBucket>>> known = new HashMap<>();
        for (BsonDocument document : buckets.find(windowsFilter(starts)).projection(META_AND_TIMES).sort(BY_KEY)) {
            StoredBucket bucket = StoredBucket.from(document);
            if (starts.getOrDefault(bucket.series(), Set.of()).contains(bucket.start())) {
                known.computeIfAbsent(bucket.series(), s -> new TreeMap<>())
                        .computeIfAbsent(bucket.start(), s -> new ArrayList<>()).add(bucket);
            }
        }
        return known;
    }

    /**
     * Two $in on the index's first keys, the cross product filtered here: one index scan of
     * series x starts point ranges, where an $or of one branch per series plans every branch
     * apart (https://www.mongodb.com/docs/manual/reference/operator/query/or/#-or-clauses-and-indexes).
     */
    static Bson windowsFilter(Map<SeriesId, Set<Long>> starts) {
        Set<String> series = new TreeSet<>();
        Set<Long> windowStarts = new TreeSet<>();
        starts.forEach((id, windows) -> {
            series.add(id.value());
            windowStarts.addAll(windows);
        });
        return Filters.and(Filters.in(SERIES, series), Filters.in(START, windowStarts.stream().map(Date::new).toList()));
    }

    /** The top bucket (greatest start, then seq) of each series, without readings: one aggregation. */
    Map<SeriesId, StoredBucket> tops(Set<SeriesId> series) {
        Map<SeriesId, StoredBucket> tops = new HashMap<>();
        for (BsonDocument document : buckets.aggregate(topsPipeline(series))) {
            StoredBucket top = StoredBucket.from(document.append(SERIES, document.get(ID)));
            tops.put(top.series(), top);
        }
        return tops;
    }

    /**
     * A sort in one direction on every key, so the unique index {series, start, seq} serves it
     * backwards (mixed directions cannot use it and sort in memory, failing over 100 MB on 5.0:
     * https://www.mongodb.com/docs/manual/tutorial/sort-results-with-indexes/), and $first of scalars
     * only, so the group holds no whole bucket (with $sort and $first on an index prefix the server
     * can answer by a DISTINCT_SCAN: https://www.mongodb.com/docs/manual/reference/operator/aggregation/group/).
     */
    static List<Bson> topsPipeline(Set<SeriesId> series) {
        List<String> ids = series.stream().map(SeriesId::value).toList();
        List<BsonField> firsts = new ArrayList<>();
        for (String field : List.of(START, SEQ, COUNT, BYTES, FIRST, LAST, BucketMeta.TAGS, BucketMeta.MEASUREMENT)) {
            firsts.add(Accumulators.first(field, "$" + field));
        }
        return List.of(
                Aggregates.match(Filters.in(SERIES, ids)),
                Aggregates.sort(Sorts.descending(SERIES, START, SEQ)),
                Aggregates.group("$" + SERIES, firsts));
    }

    /**
     * For each series, its buckets (with reading times) from the group holding {@code earliest}
     * onwards: everything a paged plan of readings at or after {@code earliest} can touch.
     */
    Map<SeriesId, List<StoredBucket>> pagedGroups(Map<SeriesId, Long> earliest) {
        Map<SeriesId, List<StoredBucket>> known = new HashMap<>();
        earliest.forEach((series, time) -> {
            Long from = groupStartAtOrBefore(buckets, series, time);
            Bson filter = from == null ? Filters.eq(SERIES, series.value())
                    : Filters.and(Filters.eq(SERIES, series.value()), Filters.gte(START, new Date(from)));
            List<StoredBucket> stored = new ArrayList<>();
            for (BsonDocument document : buckets.find(filter).projection(META_AND_TIMES).sort(BY_KEY)) {
                stored.add(StoredBucket.from(document));
            }
            known.put(series, stored);
        });
        return known;
    }

    /** The greatest bucket start at or before {@code time} (index-only), or null when there is none. */
    static Long groupStartAtOrBefore(MongoCollection<BsonDocument> buckets, SeriesId series, long time) {
        BsonDocument found = buckets.find(Filters.and(Filters.eq(SERIES, series.value()), Filters.lte(START, new Date(time))))
                .projection(Projections.fields(Projections.include(START), Projections.excludeId()))
                .sort(Sorts.descending(SERIES, START)).limit(1).first();
        return found == null ? null : found.getDateTime(START).getValue();
    }
}
