package io.bucketry.application.service;

import io.bucketry.application.port.out.StoreReadings;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Ingest with rollup tiers: records the windows a batch touches as pending, then stores the batch. */
public final class TieredStoreReadings implements StoreReadings {

    private final StoreReadings store;
    private final RollupMaintenance maintenance;

    public TieredStoreReadings(StoreReadings store, RollupMaintenance maintenance) {
        this.store = Objects.requireNonNull(store, "store");
        this.maintenance = Objects.requireNonNull(maintenance, "maintenance");
    }

    @Override
    public StoreResult store(List<Reading> readings) {
        long token = maintenance.begin(readings);
        StoreResult stored;
        try {
            stored = store.store(readings);
        } catch (RuntimeException e) {
            try {
                maintenance.end(token);
            } catch (RuntimeException ended) {
                e.addSuppressed(ended);
            }
            throw e;
        }
        // a batch whose end cannot be recorded fails: its retry stores only duplicates and records its windows again
        maintenance.end(token);
        return stored;
    }

    @Override
    public Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
        return store.latestMeta(series);
    }
}
