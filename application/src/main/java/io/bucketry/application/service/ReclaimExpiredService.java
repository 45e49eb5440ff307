package io.bucketry.application.service;

import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import io.bucketry.application.port.out.MaintainStore;
import io.bucketry.domain.RetentionPolicy;

import java.time.Clock;
import java.util.Objects;

/** Removes buckets whose readings are all older than now − retention − grace. */
public final class ReclaimExpiredService implements ReclaimExpiredUseCase {

    private final MaintainStore store;
    private final RetentionPolicy retention;
    private final Clock clock;

    public ReclaimExpiredService(MaintainStore store, RetentionPolicy retention, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.retention = Objects.requireNonNull(retention, "retention");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public long reclaim() {
        return store.evictBefore(retention.reclaimableBefore(clock.instant()));
    }
}
