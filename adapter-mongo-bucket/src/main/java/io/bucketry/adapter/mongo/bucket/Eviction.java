package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.bucketry.domain.BucketPolicy;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.util.Date;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Which buckets an eviction sweep deletes. Windowed: whole windows that end at or before the
 * cutoff, by {@code start} (the TTL index's key, so the delete is an index scan), every seq of a
 * window at once: deleting seq 0 while seq 1 stays would let a resent reading of seq 1 upsert a
 * fresh seq 0 without meeting its twin. Paged: pages whose newest reading is before the cutoff (a
 * page's start says nothing of its end; {@code last} carries the paged TTL index).
 */
final class Eviction {

    private Eviction() {
    }

    /**
     * Deletes what {@link #filter} matches; answers how many buckets. In the sealed layout the buckets go
     * first, then their windows' stubs ({@link FoldedStub}), which are no buckets: a cut between the two
     * leaves stubs that the next eviction takes.
     */
    static long delete(MongoCollection<BsonDocument> buckets, BucketPolicy policy, long cutoff, boolean sealedLayout) {
        Bson expired = filter(policy, cutoff);
        if (!sealedLayout) {
            return buckets.deleteMany(expired).getDeletedCount();
        }
        long evicted = buckets.deleteMany(Filters.and(expired, FoldedStub.NOT_STUB)).getDeletedCount();
        buckets.deleteMany(expired);
        return evicted;
    }

    static Bson filter(BucketPolicy policy, long cutoff) {
        if (policy instanceof BucketPolicy.Windowed windowed) {
            // A window [start, start + width) holds only readings before the cutoff when start + width <= cutoff.
            return Filters.lte(START, new Date(cutoff - windowed.widthMillis()));
        }
        return Filters.lt(LAST, new Date(cutoff));
    }
}
