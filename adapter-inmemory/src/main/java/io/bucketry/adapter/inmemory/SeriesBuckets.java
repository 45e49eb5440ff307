package io.bucketry.adapter.inmemory;

import io.bucketry.domain.Bucket;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregator;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The buckets of one series, ordered so that every reading of one bucket group precedes every
 * reading of the next. Under a windowed policy a group is one window (seq 0 and its overflow
 * buckets); under a paged policy a group is one page, and a late reading into a full page splits
 * it in two. Not thread-safe: callers hold the lock of its stripe (see {@link InMemoryReadingStore}).
 */
final class SeriesBuckets {

    private static final int INITIAL_CAPACITY = 16;

    private final SeriesId series;
    private final BucketPolicy policy;
    private Bucket[] buckets = new Bucket[4];
    /** {@code buckets[i].start()}: a search reads this one array instead of a bucket per probe. */
    private long[] starts = new long[4];
    private int size;
    /** The latest window's bucket, kept apart from the array to save a memory access per reading. */
    private Bucket tail;

    SeriesBuckets(SeriesId series, BucketPolicy policy) {
        this.series = series;
        this.policy = policy;
    }

    SeriesId series() {
        return series;
    }

    boolean isPaged() {
        return policy.isPaged();
    }

    /** Empties this series (a reader that still holds it sees nothing); answers how many readings it held. */
    long delete() {
        long readings = readingCount();
        buckets = new Bucket[0];
        starts = new long[0];
        size = 0;
        tail = null;
        return readings;
    }

    /**
     * Reads this series down to the last row of its latest bucket, next to which its next reading
     * most likely goes, and answers that row's time (0 when there is none). Called for several series
     * before adding to any of them, so that their cache misses overlap instead of following one
     * another; the answer only needs to be used somehow.
     */
    long touch() {
        Bucket latest = tail;
        return latest == null || latest.isEmpty() ? 0 : latest.lastTime();
    }

    /** True when stored, false when a reading of the same time is already here. */
    boolean add(Reading reading) {
        return policy.isPaged() ? addPaged(reading) : addWindowed(reading);
    }

    private boolean addWindowed(Reading reading) {
        long window = policy.windowStart(reading.epochMilli());
        // readings mostly arrive in time order: the current window is the last, usually without overflow
        Bucket current = tail;
        if (current != null && current.start() == window && current.seq() == 0) {
            Bucket.Outcome outcome = current.add(reading);
            if (outcome != Bucket.Outcome.FULL) {
                return outcome == Bucket.Outcome.ADDED;
            }
            return open(size, window, 1, reading);
        }
        int end = upperBound(window);
        int first = end;
        while (first > 0 && starts[first - 1] == window) {
            first--;
        }
        if (first == end) {
            if (end == size && size > 0) {
                trimGroupEndingAt(size);
            }
            return open(end, window, 0, reading);
        }
        if (end - first > 1) {
            long time = reading.epochMilli();
            for (int i = first; i < end; i++) {
                if (buckets[i].contains(time)) {
                    return false;
                }
            }
        }
        for (int i = first; i < end; i++) {
            Bucket.Outcome outcome = buckets[i].add(reading);
            if (outcome != Bucket.Outcome.FULL) {
                return outcome == Bucket.Outcome.ADDED;
            }
        }
        return open(end, window, buckets[end - 1].seq() + 1, reading);
    }

    private boolean addPaged(Reading reading) {
        long time = reading.epochMilli();
        if (size == 0) {
            return open(0, time, 0, reading);
        }
        int index = Math.max(0, upperBoundByFirstTime(time) - 1);
        Bucket target = buckets[index];
        Bucket.Outcome outcome = target.add(reading);
        if (outcome != Bucket.Outcome.FULL) {
            return outcome == Bucket.Outcome.ADDED;
        }
        if (index == size - 1 && time > target.lastTime()) {
            target.trimToSize();
            return open(size, time, 0, reading);
        }
        splitAndAdd(index, reading);
        return true;
    }

    /** A late reading into a full page: the page and the reading become two half-full pages. */
    private void splitAndAdd(int index, Reading reading) {
        Bucket full = buckets[index];
        List<Reading> readings = full.readings();
        readings.add(reading);
        readings.sort(Comparator.comparingLong(Reading::epochMilli));
        int half = readings.size() / 2;
        List<Reading> left = readings.subList(0, half);
        List<Reading> right = readings.subList(half, readings.size());
        buckets[index] = Bucket.restore(series, left.get(0).epochMilli(), 0, policy, left);
        starts[index] = buckets[index].start();
        insertAt(index + 1, Bucket.restore(series, right.get(0).epochMilli(), 0, policy, right));
    }

    private boolean open(int index, long start, int seq, Reading reading) {
        // a new latest bucket is laid out like its predecessor (a steady series fills every window
        // alike); a late or overflow bucket in between starts small, as nothing trims it later
        Bucket bucket = index > 0 && index == size ? Bucket.openLike(buckets[index - 1], start, seq, policy)
                : Bucket.open(series, start, seq, policy, INITIAL_CAPACITY);
        bucket.add(reading);
        insertAt(index, bucket);
        return true;
    }

    private void insertAt(int index, Bucket bucket) {
        if (size == buckets.length) {
            buckets = Arrays.copyOf(buckets, Math.max(4, size * 2));
            starts = Arrays.copyOf(starts, buckets.length);
        }
        System.arraycopy(buckets, index, buckets, index + 1, size - index);
        System.arraycopy(starts, index, starts, index + 1, size - index);
        buckets[index] = bucket;
        starts[index] = bucket.start();
        size++;
        tail = buckets[size - 1];
    }

    /** A window that is left behind rarely receives more readings: release its spare capacity. */
    private void trimGroupEndingAt(int end) {
        long start = starts[end - 1];
        for (int i = end - 1; i >= 0 && starts[i] == start; i--) {
            Bucket bucket = buckets[i];
            // a copy per window is only worth it when the spare room is large (arrays grown by doubling)
            if (bucket.capacity() - bucket.count() > bucket.count() / 8) {
                bucket.trimToSize();
            }
        }
    }

    void aggregate(WindowAggregator aggregator, long from, long to) {
        for (int i = firstIndexFor(from); i < size && lowKey(buckets[i]) < to; i++) {
            buckets[i].aggregateInto(aggregator, from, to);
        }
    }

    /** Removes buckets whose readings all lie before cutoff; answers how many. */
    int evictBefore(long cutoff) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (buckets[i].lastTime() >= cutoff) {
                starts[kept] = starts[i];
                buckets[kept++] = buckets[i];
            }
        }
        int removed = size - kept;
        Arrays.fill(buckets, kept, size, null);
        size = kept;
        tail = size == 0 ? null : buckets[size - 1];
        return removed;
    }

    int bucketCount() {
        return size;
    }

    Bucket bucket(int index) {
        return buckets[index];
    }

    long readingCount() {
        long count = 0;
        for (int i = 0; i < size; i++) {
            count += buckets[i].count();
        }
        return count;
    }

    /** Index of the first bucket that may hold a reading at or after {@code from}. */
    int firstIndexFor(long from) {
        if (policy.isPaged()) {
            return Math.max(0, upperBoundByFirstTime(from) - 1);
        }
        return lowerBound(policy.windowStart(from));
    }

    /** The smallest time a bucket's group may hold: the window start, or a page's first reading. */
    long lowKey(Bucket bucket) {
        return policy.isPaged() ? bucket.firstTime() : bucket.start();
    }

    /** End (exclusive) of the bucket group starting at {@code index}: one window, or one page. */
    int groupEnd(int index) {
        if (policy.isPaged()) {
            return index + 1;
        }
        int end = index + 1;
        while (end < size && starts[end] == starts[index]) {
            end++;
        }
        return end;
    }

    /** Start of the bucket group holding {@code index}. */
    int groupStart(int index) {
        int start = index;
        while (start > 0 && starts[start - 1] == starts[index]) {
            start--;
        }
        return start;
    }

    /** First index whose bucket start is >= key. */
    private int lowerBound(long key) {
        return search(key, false, true);
    }

    /** First index whose bucket start is > key. */
    private int upperBound(long key) {
        return search(key, false, false);
    }

    /** First index whose bucket's first reading is after time (paged policy). */
    private int upperBoundByFirstTime(long time) {
        return search(time, true, false);
    }

    /**
     * Binary search over the buckets' start (or, with {@code byFirstTime}, their first reading's
     * time): the first index whose key is above {@code key}, or at or above it when {@code inclusive}.
     */
    private int search(long key, boolean byFirstTime, boolean inclusive) {
        int low = 0;
        int high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            long probe = byFirstTime ? buckets[mid].firstTime() : starts[mid];
            if (probe < key || !inclusive && probe == key) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
