package io.bucketry.application.service;

import io.bucketry.application.port.out.MaintainStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.SeriesId;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * Maintenance with rollup tiers. Reclaiming first settles every pending window (while its raw
 * readings are still there), then removes expired buckets, then each tier's windows past the
 * tier's own retention. Deleting a series removes its buckets, then its tier windows under the
 * series' settle lock, so that no settle that read the buckets before writes a window back after.
 */
public final class TieredMaintainStore implements MaintainStore {

    private final MaintainStore store;
    private final StoreRollups rollups;
    private final RollupMaintenance maintenance;
    private final Clock clock;

    public TieredMaintainStore(MaintainStore store, StoreRollups rollups, RollupMaintenance maintenance, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.rollups = Objects.requireNonNull(rollups, "rollups");
        this.maintenance = Objects.requireNonNull(maintenance, "maintenance");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public long deleteSeries(SeriesId series) {
        long removed = store.deleteSeries(series);
        maintenance.underSeriesLock(series, () -> rollups.deleteSeries(series));
        return removed;
    }

    @Override
    public long evictBefore(Instant cutoff) {
        maintenance.settleAll();
        long removed = store.evictBefore(cutoff);
        Instant now = clock.instant();
        for (RollupTier tier : maintenance.tiers().tiers()) {
            rollups.expireBefore(tier.window(), tier.oldestKept(now));
        }
        return removed;
    }
}
