package io.bucketry.adapter.inmemory;

import io.bucketry.domain.Reading;

/**
 * The sealing of one series' buckets ({@link SeriesBuckets}): an open bucket sealed once the seal
 * policy allows it, and a late reading into a sealed bucket. Under the lock of the series' stripe.
 */
final class SeriesSealing {

    private SeriesSealing() {
    }

    /**
     * Adds {@code reading} to the sealed bucket at {@code index} of {@code series}. It is opened again and
     * stays open in its place, to be sealed anew once the series' readings are past its window's end and
     * the lateness allowance ({@link WindowedSeriesBuckets}), or by the maintenance step: late readings
     * come in runs (concurrent batches of a backfill overtake each other at a window's end), and sealing
     * anew per reading decoded and encoded the whole bucket for each of them. Near the store's memory
     * limit it is sealed again at once, as its rows would take far more than the one reading admitted.
     */
    static PackedBucket.Outcome addTo(SeriesBuckets series, int index, SealedColumns sealed, Reading reading) {
        if (sealed.decode(series.series(), series.sealing, DecodedColumns.Need.TIMES).contains(reading.epochMilli())) {
            return PackedBucket.Outcome.DUPLICATE;   // found from the times alone, as the reopened rows would answer
        }
        PackedBucket reopened = sealed.reopen(series.series(), series.policy, series.sealing);
        PackedBucket.Outcome outcome = reopened.add(reading);
        if (outcome == PackedBucket.Outcome.ADDED) {
            series.sealing.reopened(sealed, reopened, StoreCapacity.estimate(reading));
            reopened.reportGrowthTo(series.sealing.heapChange());   // after the count above, which took its summaries
            series.replace(index, reopened);
            if (!series.sealing.resealAtOnce() || !sealIfSealable(series, index)) {
                series.reopened(index);
            }
        }
        return outcome;
    }

    /** Seals the open bucket at {@code index} when the seal policy allows it now; answers whether it did. */
    static boolean sealIfSealable(SeriesBuckets series, int index) {
        if (series.buckets[index] instanceof PackedBucket open && !open.isEmpty()
                && series.sealing.isSealable(series.policy, open.start(), open.count())) {
            series.replace(index, series.sealing.seal(open));
            return true;
        }
        return false;
    }

    /** Seals every bucket the seal policy allows now (the store's maintenance step); answers how many. */
    static int sealSealable(SeriesBuckets series) {
        int sealed = 0;
        for (int i = 0; i < series.size; i++) {
            if (sealIfSealable(series, i)) {
                sealed++;
            }
        }
        return sealed;
    }
}
