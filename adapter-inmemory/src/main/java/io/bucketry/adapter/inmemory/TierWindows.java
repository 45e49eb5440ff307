package io.bucketry.adapter.inmemory;

import io.bucketry.domain.TierWindow;
import io.bucketry.domain.WindowAggregate;

import java.util.Arrays;
import java.util.List;

/**
 * One series' windows of one rollup tier, by start, in two sorted arrays. Arrays, not a tree map: the
 * alerting job reads two windows of each of 25,000 series, and a binary search over a {@code long[]}
 * touches a few cache lines where a tree walk chases a pointer per level (that walk was most of the
 * tier query's CPU samples), and a window costs 12 bytes here instead of a map entry and a boxed key.
 * Windows arrive in time order, so a write appends; expiry drops the oldest by moving {@code head},
 * and the live part is moved back to the front only when that frees half the arrays. Not thread-safe:
 * {@link SeriesRollups}' monitor guards it.
 */
final class TierWindows {

    private long[] starts = new long[4];
    private WindowAggregate[] aggregates = new WindowAggregate[4];
    /** At the same index, the window's slices per tags: read by tag queries; the aggregate above serves the rest without a merge. */
    private TierWindow[] tagged = new TierWindow[4];
    /** The live windows are at {@code [head, head + size)}. */
    private int head;
    private int size;

    int size() {
        return size;
    }

    /** Stores {@code window} as the window of {@code start}, in place of the one stored there. */
    void put(long start, TierWindow window) {
        WindowAggregate aggregate = window.whole();
        int end = head + size;
        int at = size == 0 || starts[end - 1] < start ? -end - 1 : Arrays.binarySearch(starts, head, end, start);
        if (at >= 0) {
            aggregates[at] = aggregate;
            tagged[at] = window;
            return;
        }
        int offset = -at - 1 - head;
        makeRoomAtEnd();
        int insert = head + offset;
        int after = size - offset;
        System.arraycopy(starts, insert, starts, insert + 1, after);
        System.arraycopy(aggregates, insert, aggregates, insert + 1, after);
        System.arraycopy(tagged, insert, tagged, insert + 1, after);
        starts[insert] = start;
        aggregates[insert] = aggregate;
        tagged[insert] = window;
        size++;
    }

    /** Removes the window of {@code start}, if stored. */
    void remove(long start) {
        int at = Arrays.binarySearch(starts, head, head + size, start);
        if (at < 0) {
            return;
        }
        int after = head + size - at - 1;
        System.arraycopy(starts, at + 1, starts, at, after);
        System.arraycopy(aggregates, at + 1, aggregates, at, after);
        System.arraycopy(tagged, at + 1, tagged, at, after);
        size--;
        aggregates[head + size] = null;
        tagged[head + size] = null;
    }

    /** Adds to {@code out} the windows starting in {@code [from, to)}, in time order, at most {@code limit}; answers how many. */
    int read(long from, long to, int limit, List<WindowAggregate> out) {
        return copy(aggregates, from, to, limit, out);
    }

    /** As {@link #read}, the windows with their slices per tags. */
    int readTagged(long from, long to, int limit, List<TierWindow> out) {
        return copy(tagged, from, to, limit, out);
    }

    private <T> int copy(T[] values, long from, long to, int limit, List<T> out) {
        int end = head + size;
        int added = 0;
        for (int i = firstAtOrAfter(from); i < end && starts[i] < to && added < limit; i++) {
            out.add(values[i]);
            added++;
        }
        return added;
    }

    /** Removes the windows starting before {@code cutoff}; answers how many. */
    int expireBefore(long cutoff) {
        int removed = firstAtOrAfter(cutoff) - head;
        Arrays.fill(aggregates, head, head + removed, null);
        Arrays.fill(tagged, head, head + removed, null);
        head += removed;
        size -= removed;
        if (size == 0) {
            head = 0;
        }
        return removed;
    }

    private int firstAtOrAfter(long start) {
        int at = Arrays.binarySearch(starts, head, head + size, start);
        return at >= 0 ? at : -at - 1;
    }

    /** Makes the slot after the last window free: moves the live part to the front if that frees half, else doubles. */
    private void makeRoomAtEnd() {
        if (head + size < starts.length) {
            return;
        }
        if (size <= starts.length / 2) {
            System.arraycopy(starts, head, starts, 0, size);
            System.arraycopy(aggregates, head, aggregates, 0, size);
            System.arraycopy(tagged, head, tagged, 0, size);
            Arrays.fill(aggregates, size, head + size, null);
            Arrays.fill(tagged, size, head + size, null);
        } else {
            int capacity = starts.length * 2;
            starts = Arrays.copyOfRange(starts, head, head + capacity);
            aggregates = Arrays.copyOfRange(aggregates, head, head + capacity);
            tagged = Arrays.copyOfRange(tagged, head, head + capacity);
        }
        head = 0;
    }
}
