package io.bucketry.application.port.out;

import java.util.Objects;

/** A recorded need to recompute the rollup windows holding {@code key}, by the batch of {@code token}. */
public record PendingRollup(RollupKey key, long token) {

    public PendingRollup {
        Objects.requireNonNull(key, "key");
    }
}
