package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FlatSlices;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.WindowAggregate;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * One series' windows of one rollup tier, in start order, in flat arrays: the alerting job reads two windows of
 * each of 25,000 series, so a window is found by a search over a {@code long[]} (from the end, where queries look)
 * and read from the same few cache lines, where a tree walk chased a pointer per level and a slice object with a
 * map of fields cost as much as reading the raw rows. A window is a record of {@code stride} longs in
 * {@code records}: its start, the number of its tags ({@link SharedValues}; {@link #SPLIT} for a window of a series
 * re-tagged inside it, whose slices stay a {@link TierWindow} in {@code split}), then its one slice laid out as
 * {@link FlatSlices} says over {@code fields}, the union of the fields seen (new names are appended, so a stored
 * slice is a prefix of its wider self). Windows arrive in time order, so a write appends; expiry drops the oldest
 * by moving {@code head}, and the live part is moved back to the front only when that frees half the arrays. Not
 * thread-safe: {@link SeriesRollups}' monitor guards it.
 */
final class TierWindows {

    private static final int START = 0;
    private static final int TAGS = 1;
    private static final int SLICE = 2;
    private static final long SPLIT = -1;

    private final long millis;
    private final TierWindows next;
    private final SharedValues shared;
    private FieldSchema fields = FieldSchema.EMPTY;
    private int stride = SLICE + FlatSlices.width(fields);
    private long[] records = new long[4 * stride];
    /** At the same index, each window's aggregate of all its readings: what untagged reads answer, without a merge. */
    private WindowAggregate[] aggregates = new WindowAggregate[4];
    private TierWindow[] split = new TierWindow[4];
    /** The live windows are at {@code [head, head + size)}. */
    private int head;
    private int size;

    /** The windows of {@code millis} ms of a series, before {@code next}, its other tiers' (or null). */
    TierWindows(long millis, TierWindows next, SharedValues shared) {
        this.millis = millis;
        this.next = next;
        this.shared = shared;
    }

    long millis() {
        return millis;
    }

    TierWindows next() {
        return next;
    }

    int size() {
        return size;
    }

    private long start(int i) {
        return records[i * stride + START];
    }

    /** Stores {@code window} as the window of {@code start}, in place of the one stored there. */
    void put(long start, TierWindow window) {
        int at = indexOf(start);
        if (at < 0) {
            int offset = -at - 1 - head;
            makeRoomAtEnd();
            at = head + offset;
            int after = size - offset;
            System.arraycopy(records, at * stride, records, (at + 1) * stride, after * stride);
            System.arraycopy(aggregates, at, aggregates, at + 1, after);
            System.arraycopy(split, at, split, at + 1, after);
            size++;
        }
        aggregates[at] = window.whole();
        if (window.slices().size() > 1) {
            split[at] = window;
            records[at * stride + START] = start;
            records[at * stride + TAGS] = SPLIT;
            return;
        }
        TierSlice slice = window.slices().get(0);
        widen(slice);
        split[at] = null;
        records[at * stride + START] = start;
        records[at * stride + TAGS] = shared.number(slice.tags());
        FlatSlices.write(slice, fields, records, at * stride + SLICE);
    }

    /** Makes {@link #fields} name every field of {@code slice}, each record widened with zeros (count 0: no value). */
    private void widen(TierSlice slice) {
        FieldSchema wider = fields;
        for (String name : slice.fields().keySet()) {
            if (wider.indexOf(name) < 0) {
                wider = wider.with(name);
            }
        }
        if (wider == fields) {
            return;
        }
        int width = SLICE + FlatSlices.width(wider);
        long[] widened = new long[aggregates.length * width];
        for (int i = head; i < head + size; i++) {
            System.arraycopy(records, i * stride, widened, i * width, stride);
        }
        fields = shared.fields(wider);
        stride = width;
        records = widened;
    }

    /** Removes the window of {@code start}, if stored. */
    void remove(long start) {
        int at = indexOf(start);
        if (at < 0) {
            return;
        }
        int after = head + size - at - 1;
        System.arraycopy(records, (at + 1) * stride, records, at * stride, after * stride);
        System.arraycopy(aggregates, at + 1, aggregates, at, after);
        System.arraycopy(split, at + 1, split, at, after);
        size--;
        clear(head + size, head + size + 1);
    }

    /** Adds to {@code out} the windows starting in {@code [from, to)}, in time order, at most {@code limit}; answers how many. */
    int read(long from, long to, int limit, List<WindowAggregate> out) {
        int end = head + size;
        int added = 0;
        for (int i = firstAtOrAfter(from); i < end && start(i) < to && added < limit; i++) {
            out.add(aggregates[i]);
            added++;
        }
        return added;
    }

    /** As {@link #read}, every window of {@code series} (of {@code width} ms) with its slices per tags. */
    void readTagged(SeriesId series, long width, long from, long to, List<TierWindow> out) {
        int end = head + size;
        for (int i = firstAtOrAfter(from); i < end && start(i) < to; i++) {
            long start = start(i);
            out.add(split[i] != null ? split[i] : new TierWindow(series, Instant.ofEpochMilli(start),
                    Instant.ofEpochMilli(start + width), List.of(FlatSlices.read(shared.tags((int) records[i * stride + TAGS]),
                    fields, records, i * stride + SLICE))));
        }
    }

    /**
     * Hands the slices of the windows starting in {@code [from, to)} to {@code sink}, in time order, after starting
     * {@code series} on it if there is any; false once the sink answered false.
     */
    boolean visit(SeriesId series, long width, long from, long to, TierSliceSink sink) {
        int end = head + size;
        int i = firstAtOrAfter(from);
        if (i == end || start(i) >= to) {
            return true;
        }
        sink.series(series);
        for (; i < end && start(i) < to; i++) {
            int at = i * stride;
            long start = records[at + START];
            long tags = records[at + TAGS];
            boolean more = tags == SPLIT ? FlatSlices.feed(split[i], series, sink)
                    : sink.slice(start, start + width, shared.tags((int) tags), fields, records, at + SLICE);
            if (!more) {
                return false;
            }
        }
        return true;
    }

    /** Reads the starts of the last two windows, which queries read first, as {@link SeriesRollups#touch} says. */
    long touch() {
        long[] stored = records;   // read without the series' lock: null or short while a write publishes it
        int last = (head + size - 1) * stride;
        if (stored == null || size < 2 || last >= stored.length) {
            return 0;   // no window before the last, or a racing write: nothing worth reading
        }
        return stored[last] + stored[last - stride];
    }

    /** Removes the windows starting before {@code cutoff}; answers how many. */
    int expireBefore(long cutoff) {
        int removed = firstAtOrAfter(cutoff) - head;
        clear(head, head + removed);
        head += removed;
        size -= removed;
        if (size == 0) {
            head = 0;
        }
        return removed;
    }

    /** Drops the references held at {@code [from, to)}, no longer live. */
    private void clear(int from, int to) {
        Arrays.fill(aggregates, from, to, null);
        Arrays.fill(split, from, to, null);
    }

    /** The index of the window of {@code start}, or {@code -(where it would go) - 1}. */
    private int indexOf(long start) {
        int at = firstAtOrAfter(start);
        return at < head + size && start(at) == start ? at : -at - 1;
    }

    /**
     * The index of the first window starting at or after {@code start}: found from the end, where queries and
     * writes look, by steps that double, then by halves between the last two.
     */
    private int firstAtOrAfter(long start) {
        int low = head;
        int high = head + size;   // the answer is in [low, high]
        for (int step = 1; high > low; step *= 2) {
            int probe = Math.max(low, high - step);
            if (start(probe) < start) {
                low = probe + 1;
                break;
            }
            high = probe;
        }
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (start(mid) < start) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** Makes the slot after the last window free: moves the live part to the front if that frees half, else doubles. */
    private void makeRoomAtEnd() {
        if (head + size < aggregates.length) {
            return;
        }
        if (size <= aggregates.length / 2) {
            System.arraycopy(records, head * stride, records, 0, size * stride);
            System.arraycopy(aggregates, head, aggregates, 0, size);
            System.arraycopy(split, head, split, 0, size);
            clear(size, head + size);
        } else {
            int capacity = aggregates.length * 2;
            records = Arrays.copyOfRange(records, head * stride, (head + capacity) * stride);
            aggregates = Arrays.copyOfRange(aggregates, head, head + capacity);
            split = Arrays.copyOfRange(split, head, head + capacity);
        }
        head = 0;
    }
}
