package io.bucketry.application.service;

import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import io.bucketry.application.port.out.MaintainStore;
import io.bucketry.domain.RetentionPolicy;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Removes buckets whose readings are all older than now − retention − grace, then whatever else
 * expires at that same instant (with rollup tiers, each tier's windows past its retention).
 */
public final class ReclaimExpiredService implements ReclaimExpiredUseCase {

    private final MaintainStore store;
    private final RetentionPolicy retention;
    private final Clock clock;
    private final Consumer<Instant> alsoExpire;

    public ReclaimExpiredService(MaintainStore store, RetentionPolicy retention, Clock clock) {
        this(store, retention, clock, now -> { });
    }

    /** As above, then {@code alsoExpire} at the instant the buckets' cutoff was computed from. */
    public ReclaimExpiredService(MaintainStore store, RetentionPolicy retention, Clock clock,
                                 Consumer<Instant> alsoExpire) {
        this.store = Objects.requireNonNull(store, "store");
        this.retention = Objects.requireNonNull(retention, "retention");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.alsoExpire = Objects.requireNonNull(alsoExpire, "alsoExpire");
    }

    @Override
    public long reclaim() {
        Instant now = clock.instant();
        long removed = store.evictBefore(retention.reclaimableBefore(now));
        alsoExpire.accept(now);
        return removed;
    }
}
