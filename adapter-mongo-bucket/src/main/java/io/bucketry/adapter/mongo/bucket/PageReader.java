package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Page N of a series: bucket counts (read without readings) skip whole groups, then only the
 * groups holding the page are read. With pages as large as the paged policy's buckets and
 * nothing expired, that is one bucket document (seed 001). In the sealed layout a group whose counts
 * may count a reading twice ({@link BucketGroup#mayOverlap}) is counted by reading it, and groups are
 * fetched whole by series and start ({@link SealedReads}).
 */
final class PageReader {

    private static final Bson META = Projections.include(SERIES, START, SEQ, COUNT, BYTES, FIRST, LAST, UNSEALED);

    private final MongoCollection<BsonDocument> buckets;
    private final BucketQueries queries;
    private final boolean sealedLayout;

    PageReader(MongoCollection<BsonDocument> buckets, BucketQueries queries, boolean sealedLayout) {
        this.buckets = buckets;
        this.queries = queries;
        this.sealedLayout = sealedLayout;
    }

    List<Reading> page(SeriesId series, long number, int size, long notBefore) {
        long offset = (number - 1) * size;
        long end = offset > Long.MAX_VALUE - size ? Long.MAX_VALUE : offset + size;
        Bson overlapping = queries.overlapping(series, notBefore, BucketQueries.OPEN_END);
        List<StoredBucket> metas = new ArrayList<>();
        for (BsonDocument document : buckets.find(overlapping).projection(META).sort(BucketQueries.BY_KEY)) {
            metas.add(StoredBucket.from(document));
        }
        long position = 0;
        long pageStartsAt = -1;
        List<BucketGroup> needed = new ArrayList<>();
        Map<Long, List<Reading>> boundary = new HashMap<>();
        for (BucketGroup group : BucketGroup.of(metas)) {
            long count;
            if (group.first() < notBefore || group.mayOverlap()) {
                // Partly expired (only its unexpired readings count) or being sealed: read them.
                List<Reading> kept = fetch(List.of(group), notBefore).getOrDefault(group.start(), List.of());
                boundary.put(group.start(), kept);
                count = kept.size();
            } else {
                count = group.count();
            }
            if (position + count > offset && count > 0) {
                if (needed.isEmpty()) {
                    pageStartsAt = position;
                }
                needed.add(group);
            }
            position += count;
            if (position >= end) {
                break;
            }
        }
        if (needed.isEmpty()) {
            return List.of();
        }
        List<BucketGroup> toFetch = needed.stream().filter(g -> !boundary.containsKey(g.start())).toList();
        Map<Long, List<Reading>> fetched = fetch(toFetch, notBefore);
        fetched.putAll(boundary);
        List<Reading> readings = new ArrayList<>();
        for (BucketGroup group : needed) {
            readings.addAll(fetched.getOrDefault(group.start(), List.of()));
        }
        int from = (int) (offset - pageStartsAt);
        if (from >= readings.size()) {
            return List.of();
        }
        return new ArrayList<>(readings.subList(from, Math.min(readings.size(), from + size)));
    }

    /** The readings at or after {@code notBefore} of each group by start, in one query. */
    private Map<Long, List<Reading>> fetch(List<BucketGroup> groups, long notBefore) {
        Map<Long, List<Reading>> out = new HashMap<>();
        if (groups.isEmpty()) {
            return out;
        }
        List<StoredBucket> all = new ArrayList<>();
        groups.forEach(group -> all.addAll(group.buckets()));
        Bson match = sealedLayout ? SealedReads.groupsOf(all) : Filters.in(ID, all.stream().map(StoredBucket::id).toList());
        List<Bson> pipeline = List.of(Aggregates.match(match), Aggregates.sort(BucketQueries.BY_KEY),
                BucketQueries.readingsIn(notBefore, BucketQueries.OPEN_END));
        for (BucketGroup group : SealedReads.groups(buckets.aggregate(pipeline), SealedReads.keysOf(all))) {
            out.put(group.start(), group.readingsIn(notBefore, Long.MAX_VALUE));
        }
        return out;
    }
}
