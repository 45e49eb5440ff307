package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.StorageStatistics;

/** Counts the in-memory store's buckets, stripe by stripe: its storage statistics and the sizes of its sealed and open buckets. */
final class BucketCensus {

    private BucketCensus() {
    }

    static StorageStatistics statistics(String backend, StripedSeries series) {
        long[] totals = new long[5];   // series, readings, buckets, largest bucket, heap bytes
        series.forEach(buckets -> {
            if (buckets.bucketCount() == 0) {
                return;
            }
            totals[0]++;
            for (int i = 0; i < buckets.bucketCount(); i++) {
                StoredBucket bucket = buckets.bucket(i);
                totals[1] += bucket.count();
                totals[3] = Math.max(totals[3], bucket.count());
                totals[4] += bucket.heapBytes();
            }
            totals[2] += buckets.bucketCount();
        });
        Double avgBytes = totals[2] == 0 ? null : (double) totals[4] / totals[2];
        return StorageStatistics.of(backend, totals[0], totals[1], totals[2], totals[3], avgBytes,
                "avgBucketBytes is the heap held by a bucket: open, the object, its array of summaries, times and "
                        + "field values, and its text dictionary; sealed, the object and its one array of plain "
                        + "summaries and encoded columns");
    }

    /** The heap held by every bucket's sub-window summaries, open and sealed (0 when the policy has none). */
    static long subWindowBytes(StripedSeries series) {
        long[] total = {0};
        series.forEach(buckets -> {
            for (int i = 0; i < buckets.bucketCount(); i++) {
                if (buckets.bucket(i) instanceof PackedBucket open) {
                    total[0] += open.subWindowHeapBytes();   // what it holds: a census sums nothing
                } else {
                    total[0] += ((SealedColumns) buckets.bucket(i)).subWindowHeapBytes();
                }
            }
        });
        return total[0];
    }

    static SealingFigures sealing(StripedSeries series, Sealing sealing) {
        long[] totals = new long[5];   // sealed buckets, sealed readings, sealed heap, open readings, open heap
        series.forEach(buckets -> {
            for (int i = 0; i < buckets.bucketCount(); i++) {
                StoredBucket bucket = buckets.bucket(i);
                int at = bucket instanceof SealedColumns ? 1 : 3;
                totals[0] += at == 1 ? 1 : 0;
                totals[at] += bucket.count();
                totals[at + 1] += bucket.heapBytes();
            }
        });
        return sealing.figures(totals[0], totals[1], totals[2], totals[3], totals[4]);
    }
}
