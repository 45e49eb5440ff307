package io.bucketry.adapter.inmemory;

import io.bucketry.domain.SeriesId;

import java.util.List;

/**
 * What leaves the in-memory store, its readings and heap given back to the store's capacity (a deleted
 * series, the buckets evicted before a cutoff), and the maintenance step's sealing of what the seal
 * policy allows now.
 */
final class Maintenance {

    private Maintenance() {
    }

    /** Removes the series of {@code id}; answers how many readings it held. */
    static long deleteSeries(StripedSeries series, StoreCapacity capacity, SeriesId id) {
        return series.remove(id, removed -> {
            if (removed == null) {
                return 0L;
            }
            long bytes = removed.accountedBytes();
            long readings = removed.delete();
            capacity.removed(readings, bytes);
            capacity.seriesRemoved(1, StoreCapacity.seriesEstimate(id) + StoreCapacity.versionsEstimate(removed.metas()));
            return readings;
        });
    }

    /** Removes the buckets whose readings all lie before {@code cutoffMilli}, then seals every bucket the seal policy allows now. */
    static long evictBefore(StripedSeries series, Sealing sealing, StoreCapacity capacity, long cutoffMilli) {
        long[] removed = {0};
        sealing.refresh();
        List<SeriesBuckets> gone = series.removeIf(buckets -> {
            long before = buckets.readingCount();
            long bytesBefore = buckets.accountedBytes();
            removed[0] += buckets.evictBefore(cutoffMilli);
            capacity.removed(before - buckets.readingCount(), bytesBefore - buckets.accountedBytes());
            SeriesSealing.sealSealable(buckets);
            return buckets.bucketCount() == 0;
        });
        long goneBytes = 0;
        for (SeriesBuckets buckets : gone) {
            goneBytes += StoreCapacity.seriesEstimate(buckets.series()) + StoreCapacity.versionsEstimate(buckets.metas());
        }
        capacity.seriesRemoved(gone.size(), goneBytes);
        return removed[0];
    }

    /** Seals every bucket the seal policy allows now, as the maintenance step does; answers how many. */
    static long sealSealable(StripedSeries series, Sealing sealing) {
        long[] sealed = {0};
        sealing.refresh();
        series.forEach(buckets -> sealed[0] += SeriesSealing.sealSealable(buckets));
        return sealed[0];
    }
}
