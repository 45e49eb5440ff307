package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Projections;
import io.bucketry.adapter.mongo.common.layout.LayoutGuard.Unrecorded;
import io.bucketry.adapter.mongo.common.layout.LayoutText;
import io.bucketry.domain.BucketPolicy;
import org.bson.BsonDocument;

import java.time.Instant;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * What the buckets of a collection without a layout record (made by a Bucketry before layout
 * records) say about the layout they were made with: a sample of them must fit the configured
 * policy (windowed: aligned to the width, readings inside their window; paged: a page starts at
 * its first reading and holds at most the page size).
 */
final class UnrecordedBuckets {

    static final int SAMPLE = 1000;

    private UnrecordedBuckets() {
    }

    static Unrecorded inspect(MongoCollection<BsonDocument> buckets, BucketPolicy policy) {
        int seen = 0;
        // Natural order: no sort, so this costs one batch however large the collection is.
        for (BsonDocument document : buckets.find().projection(Projections.include(SERIES, START, SEQ, COUNT, BYTES, FIRST, LAST,
                UNSEALED))
                .limit(SAMPLE)) {
            seen++;
            StoredBucket bucket;
            try {
                bucket = StoredBucket.from(document);
            } catch (RuntimeException e) { // BsonInvalidOperationException, NullPointerException: a missing or odd field
                return new Unrecorded(true, "document " + document.get(ID) + " is not a Bucketry bucket (" + e.getMessage() + ")",
                        null);
            }
            String mismatch = bucket.folded() ? null : mismatch(bucket, policy);
            if (mismatch != null) {
                return new Unrecorded(true, mismatch, null);
            }
        }
        if (seen == 0) {
            return Unrecorded.empty();
        }
        return new Unrecorded(true, null, seen + " of its buckets against the configured "
                + (policy instanceof BucketPolicy.Paged ? "page size" : "width") + " (the count and byte ceilings cannot be read from the data)");
    }

    static String mismatch(StoredBucket bucket, BucketPolicy policy) {
        String which = "the bucket of series '" + bucket.series() + "' starting at " + Instant.ofEpochMilli(bucket.start());
        if (!(policy instanceof BucketPolicy.Windowed windowed)) {
            if (bucket.seq() == 0 && bucket.first() != bucket.start()) {
                return which + " does not start at its first reading (" + Instant.ofEpochMilli(bucket.first())
                        + "), as a page does: it looks windowed (bucketPolicy)";
            }
            return bucket.count() > policy.maxCount() ? which + " holds " + bucket.count()
                    + " readings, more than the configured page size (pageSize) " + policy.maxCount() : null;
        }
        long width = windowed.widthMillis();
        if (Math.floorMod(bucket.start(), width) != 0) {
            return which + " is not aligned to the configured bucket width (bucketWidth) " + LayoutText.duration(windowed.width());
        }
        if (bucket.first() < bucket.start() || bucket.last() >= bucket.start() + width) {
            return which + " holds a reading at " + Instant.ofEpochMilli(bucket.last() >= bucket.start() + width
                    ? bucket.last() : bucket.first()) + ", outside a window of the configured bucket width (bucketWidth) "
                    + LayoutText.duration(windowed.width());
        }
        return null;
    }
}
