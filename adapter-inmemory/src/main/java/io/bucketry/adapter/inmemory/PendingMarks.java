package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.domain.SeriesId;

import java.util.Arrays;
import java.util.List;

/**
 * Rollup windows of one series that its stored readings made pending, by window start, each with the
 * stamp of the last write that stored a reading there: those before its latest window
 * ({@link MarkedSeries} keeps that one). Marked in the step that stores the reading, under the stripe's
 * lock, so a mark is exactly as durable as the readings; cleared only while it still has the stamp a
 * settle read (a reading stored since leaves it pending). Not thread-safe: the stripe's lock guards it.
 */
final class PendingMarks {

    private long[] starts = new long[2];
    private long[] stamps = new long[2];
    private int size;

    /** Marks the window starting at {@code start} as written by the write of {@code stamp}. */
    void mark(long start, long stamp) {
        int last = size - 1;
        if (last >= 0 && starts[last] == start) {
            stamps[last] = stamp;
            return;
        }
        int at = last < 0 || starts[last] < start ? size : Arrays.binarySearch(starts, 0, size, start);
        if (at >= 0 && at < size) {
            stamps[at] = stamp;
            return;
        }
        insert(at < 0 ? -at - 1 : at, start, stamp);
    }

    /** True when a mark's start is {@code start} or later. */
    boolean hasAtOrAfter(long start) {
        return size > 0 && starts[size - 1] >= start;
    }

    /** Adds to {@code out} the marks whose start lies in {@code [from, to)}, at most {@code limit}; answers how many. */
    int collect(SeriesId series, long from, long to, int limit, List<PendingRollup> out) {
        int added = 0;
        for (int i = 0; i < size && added < limit; i++) {
            if (starts[i] >= from && starts[i] < to) {
                out.add(new PendingRollup(new RollupKey(series, starts[i]), stamps[i]));
                added++;
            }
        }
        return added;
    }

    /** Removes the mark of {@code start} if it still has {@code stamp}; answers whether it did. */
    boolean clear(long start, long stamp) {
        int at = Arrays.binarySearch(starts, 0, size, start);
        if (at < 0 || stamps[at] != stamp) {
            return false;
        }
        System.arraycopy(starts, at + 1, starts, at, size - at - 1);
        System.arraycopy(stamps, at + 1, stamps, at, size - at - 1);
        size--;
        return true;
    }

    boolean isEmpty() {
        return size == 0;
    }

    private void insert(int at, long start, long stamp) {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            stamps = Arrays.copyOf(stamps, size * 2);
        }
        System.arraycopy(starts, at, starts, at + 1, size - at);
        System.arraycopy(stamps, at, stamps, at + 1, size - at);
        starts[at] = start;
        stamps[at] = stamp;
        size++;
    }
}
