package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/**
 * The server's bound on a TTL index: expireAfterSeconds is a 32-bit signed integer, so createIndexes
 * refuses anything above 2^31 − 1 s, about 68 years (https://www.mongodb.com/docs/manual/core/index-ttl/,
 * "expireAfterSeconds ... between 0 and 2147483647 inclusive"). A store whose retention needs more is
 * refused at start, before it connects, rather than created without the TTL its retention relies on.
 */
final class TtlLimit {

    static final long MAX_EXPIRE_AFTER_SECONDS = Integer.MAX_VALUE;

    private TtlLimit() {
    }

    /** @throws IllegalArgumentException (a setting the store refuses) naming it and the largest retention that fits */
    static void check(BucketPolicy policy, RetentionPolicy retention) {
        long expire = BucketIndexes.expireAfterSeconds(policy, retention);
        if (expire > MAX_EXPIRE_AFTER_SECONDS) {
            long spare = expire - retention.retention().toSeconds();
            throw new IllegalArgumentException("mongo-bucket: retention " + retention.retention().toDays() + "d needs a TTL index with"
                    + " expireAfterSeconds " + expire + " (retention + grace" + (policy instanceof BucketPolicy.Windowed ? " + bucket width" : "")
                    + "), above MongoDB's limit of " + MAX_EXPIRE_AFTER_SECONDS + " s; use a retention of at most "
                    + (MAX_EXPIRE_AFTER_SECONDS - spare) / 86_400 + "d");
        }
    }
}
