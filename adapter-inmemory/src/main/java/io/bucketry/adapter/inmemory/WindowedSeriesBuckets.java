package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

/**
 * A series' buckets under a windowed policy: a group is one window, its bucket of seq 0 and the
 * overflow buckets 1, 2, … opened when the one before is full, in that order.
 */
final class WindowedSeriesBuckets extends SeriesBuckets {

    private final BucketPolicy.Windowed windows;
    /** From this time on, a reading of the series seals again the windows late readings opened; MAX: none is open. */
    private long resealFrom = Long.MAX_VALUE;

    WindowedSeriesBuckets(SeriesId series, BucketPolicy.Windowed policy, Sealing sealing) {
        super(series, policy, sealing);
        this.windows = policy;
    }

    @Override
    boolean add(Reading reading) {
        if (reading.epochMilli() >= resealFrom) {
            sealReopened();
        }
        long window = windows.windowStart(reading.epochMilli());
        // readings mostly arrive in time order: the current window is the last, usually without overflow
        if (tail instanceof PackedBucket current && current.start() == window && current.seq() == 0) {
            PackedBucket.Outcome outcome = current.add(reading);
            if (outcome != PackedBucket.Outcome.FULL) {
                return outcome == PackedBucket.Outcome.ADDED;
            }
            return open(size, window, 1, reading);
        }
        int end = search(window, false, false);
        int first = end;
        while (first > 0 && starts[first - 1] == window) {
            first--;
        }
        if (first == end) {
            if (end == size && size > 0 && buckets[end - 1] instanceof PackedBucket left) {
                sealOrTrimGroupEndingAt(end);
                if (!(buckets[end - 1] instanceof PackedBucket)) {
                    // sealed: the window it leaves gives its rows to the new one
                    PackedBucket bucket = PackedBucket.recycle(left, window, 0, policy);
                    bucket.reportGrowthTo(sealing.heapChange());
                    bucket.add(reading);
                    insertAt(end, bucket);
                    return true;
                }
            }
            return open(end, window, 0, reading);
        }
        if (end - first > 1) {
            long time = reading.epochMilli();
            for (int i = first; i < end; i++) {
                if (rows(i, DecodedColumns.Need.TIMES).contains(time)) {
                    return false;
                }
            }
        }
        for (int i = first; i < end; i++) {
            PackedBucket.Outcome outcome = addTo(i, reading);
            if (outcome != PackedBucket.Outcome.FULL) {
                return outcome == PackedBucket.Outcome.ADDED;
            }
        }
        return open(end, window, buckets[end - 1].seq() + 1, reading);
    }

    /**
     * A window that is left behind rarely receives more readings: seal it when the seal policy allows
     * it already (the rest is sealed by the store's maintenance step), else release its spare capacity.
     */
    private void sealOrTrimGroupEndingAt(int end) {
        long start = starts[end - 1];
        for (int i = end - 1; i >= 0 && starts[i] == start; i--) {
            // a copy per window is only worth it when the spare room is large (arrays grown by doubling)
            if (!SeriesSealing.sealIfSealable(this, i) && buckets[i] instanceof PackedBucket bucket
                    && bucket.capacity() - bucket.count() > bucket.count() / 8) {
                bucket.trimToSize();
            }
        }
    }

    /**
     * Notes that a late reading opened the sealed window at {@code index} again ({@link SeriesSealing#addTo}):
     * it is sealed again once the series' readings reach its end plus the lateness allowance.
     */
    @Override
    void reopened(int index) {
        long end = starts[index] + windows.widthMillis() + sealing.allowanceMillis();
        resealFrom = Math.min(resealFrom, end < starts[index] ? Long.MAX_VALUE : end);   // the last windows of time: never
    }

    /** Seals again what late readings opened ({@link #reopened}), but the latest window, which takes readings in order. */
    private void sealReopened() {
        resealFrom = Long.MAX_VALUE;
        if (size == 0) {
            return;   // emptied since (deleted, or its buckets evicted)
        }
        long latest = starts[size - 1];
        for (int i = 0; i < size && starts[i] != latest; i++) {
            SeriesSealing.sealIfSealable(this, i);
        }
    }

    /** The start of the window holding {@code epochMilli}. */
    long windowStart(long epochMilli) {
        return windows.windowStart(epochMilli);
    }

    @Override
    int firstIndexFor(long from) {
        return search(windows.windowStart(from), false, true);
    }

    @Override
    long lowKey(StoredBucket bucket) {
        return bucket.start();
    }

    @Override
    int groupEnd(int index) {
        int end = index + 1;
        while (end < size && starts[end] == starts[index]) {
            end++;
        }
        return end;
    }

    @Override
    int latestGroupStart() {
        int start = size - 1;
        while (start > 0 && starts[start - 1] == starts[size - 1]) {
            start--;
        }
        return start;
    }
}
