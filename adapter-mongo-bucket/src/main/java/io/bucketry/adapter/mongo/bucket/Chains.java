package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the planned buckets of one group (same series and start, in seq order) into a chain of
 * placements. Each placement but the last closes its bucket, and the writer sends a chain's next
 * placement only once the previous one has applied: a higher seq is never written before the
 * lower one is full, so a reading raced by two writers always meets itself in the same bucket.
 */
final class Chains {

    private Chains() {
    }

    static List<Placement> of(SeriesId series, List<PlannedBucket> buckets, BucketPolicy policy) {
        int from = 0;
        for (int i = 0; i < buckets.size(); i++) {
            if (buckets.get(i).isStored()) {
                from = i;
            }
        }
        List<Placement> chain = new ArrayList<>();
        for (int i = from; i < buckets.size(); i++) {
            PlannedBucket bucket = buckets.get(i);
            boolean followed = i < buckets.size() - 1;
            if (followed && !bucket.isClosed(policy)) {
                chain.add(new Placement(series, bucket.start, bucket.seq, bucket.added, true, bucket.appendsOnly(), bucket.id));
            } else if (!bucket.added.isEmpty()) {
                chain.add(new Placement(series, bucket.start, bucket.seq, bucket.added, false, bucket.appendsOnly(), bucket.id));
            }
        }
        return chain;
    }
}
