package io.bucketry.application.service;

import io.bucketry.application.port.out.MaintainStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.Objects;

/**
 * Maintenance with rollup tiers. Reclaiming first settles every pending window (while its raw
 * readings are still there), then removes expired buckets; {@link #expireTiers} then removes each
 * tier's windows past the tier's own retention, at the reclaim request's instant. Deleting a series removes its buckets, then its tier windows under the
 * series' settle lock, so that no settle that read the buckets before writes a window back after.
 */
public final class TieredMaintainStore implements MaintainStore {

    private final MaintainStore store;
    private final StoreRollups rollups;
    private final RollupMaintenance maintenance;

    public TieredMaintainStore(MaintainStore store, StoreRollups rollups, RollupMaintenance maintenance) {
        this.store = Objects.requireNonNull(store, "store");
        this.rollups = Objects.requireNonNull(rollups, "rollups");
        this.maintenance = Objects.requireNonNull(maintenance, "maintenance");
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
        return store.evictBefore(cutoff);
    }

    /** Removes each tier's windows that start before the oldest the tier answers at {@code now}. */
    public void expireTiers(Instant now) {
        for (RollupTier tier : maintenance.tiers().tiers()) {
            rollups.expireBefore(tier.window(), tier.oldestKept(now));
        }
    }
}
