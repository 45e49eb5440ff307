package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Accumulates the readings of one series into windows of a fixed size aligned to the epoch.
 * Readings and values may arrive in any order; first and last are chosen by time. Only windows
 * that received a reading are produced.
 */
public final class WindowAggregator {

    private final SeriesId series;
    private final long windowMillis;
    /** In start order; readings mostly arrive in time order, so a new window is mostly appended. */
    private final ArrayList<Window> windows = new ArrayList<>();
    /** The field names seen so far, in the order seen: a window keeps its accumulators at their index. */
    private String[] names = new String[4];
    private int fieldCount;
    private Window current;

    public WindowAggregator(SeriesId series, Duration window) {
        this.series = series;
        this.windowMillis = requirePositiveMillis(window);
    }

    /** The window size in milliseconds, or an exception naming a non-positive or sub-millisecond window. */
    public static long requirePositiveMillis(Duration window) {
        if (window == null || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window " + DurationText.of(window) + " must be positive");
        }
        if (window.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("window " + DurationText.of(window) + " must be a whole number of milliseconds");
        }
        if (window.compareTo(Duration.ofMillis(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("window " + DurationText.of(window) + " is too large to count in milliseconds");
        }
        return window.toMillis();
    }

    /** Start of the window holding {@code epochMilli}. */
    public long windowStart(long epochMilli) {
        return Math.floorDiv(epochMilli, windowMillis) * windowMillis;
    }

    /** Counts one reading at {@code epochMilli}; follow with {@link Window#value} for each numeric field. */
    public Window reading(long epochMilli) {
        Window window = windowAt(epochMilli);
        window.count++;
        return window;
    }

    /** The window holding {@code epochMilli}, opened if needed, without counting anything. */
    public Window windowAt(long epochMilli) {
        long start = windowStart(epochMilli);
        if (current == null || current.start != start) {
            current = find(start);
        }
        return current;
    }

    private Window find(long start) {
        int size = windows.size();
        if (size == 0 || windows.get(size - 1).start < start) {
            Window opened = new Window(start);
            windows.add(opened);
            return opened;
        }
        int low = 0;
        int high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (windows.get(mid).start < start) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        if (windows.get(low).start == start) {
            return windows.get(low);
        }
        Window opened = new Window(start);
        windows.add(low, opened);
        return opened;
    }

    /** Adds a whole reading. */
    public void add(Reading reading) {
        long time = reading.epochMilli();
        Window window = reading(time);
        Fields fields = reading.fields();
        for (int i = 0; i < fields.schema().size(); i++) {
            double value = fields.numberAt(i);
            if (!Double.isNaN(value)) {
                window.value(fields.schema().name(i), time, value);
            }
        }
    }

    /** Number of windows that have received at least one reading so far. */
    public int windowCount() {
        return windows.size();
    }

    /**
     * Hands each non-empty window to {@code action}: its start, reading count, and each field's name and
     * accumulator (with the times of its first and last value), for a {@link GroupAggregator} to merge.
     */
    void forEachWindow(WindowAction action) {
        for (Window window : windows) {
            action.accept(window.start, window.count, names, window.fields);
        }
    }

    /**
     * What {@link #forEachWindow} hands a window to: {@code fields[i]}, where not null, is the accumulator of the
     * field named {@code names[i]}.
     */
    interface WindowAction {
        void accept(long start, long count, String[] names, FieldAccumulator[] fields);
    }

    /** The non-empty windows in time order. */
    public List<WindowAggregate> result() {
        List<WindowAggregate> result = new ArrayList<>(windows.size());
        String[] sorted = Arrays.copyOf(names, fieldCount);
        Arrays.sort(sorted);
        int[] order = new int[fieldCount];
        for (int i = 0; i < fieldCount; i++) {
            order[i] = slot(sorted[i]);
        }
        for (Window window : windows) {
            result.add(new WindowAggregate(series, Instant.ofEpochMilli(window.start),
                    Instant.ofEpochMilli(window.start + windowMillis), window.count,
                    FieldAccumulator.aggregates(window.fields, order, sorted)));
        }
        return result;
    }

    private int slot(String field) {
        for (int i = 0; i < fieldCount; i++) {
            if (names[i] == field) {
                return i;
            }
        }
        for (int i = 0; i < fieldCount; i++) {
            if (names[i].equals(field)) {
                return i;
            }
        }
        if (fieldCount == names.length) {
            names = Arrays.copyOf(names, 2 * fieldCount);
        }
        names[fieldCount] = field;
        return fieldCount++;
    }

    /** One window being accumulated. */
    public final class Window {
        private final long start;
        private long count;
        private FieldAccumulator[] fields = new FieldAccumulator[fieldCount];

        private Window(long start) {
            this.start = start;
        }

        /** Adds one numeric value of a reading at {@code epochMilli} counted with {@link #reading}. */
        public void value(String field, long epochMilli, double value) {
            accumulator(field).add(epochMilli, value);
        }

        /** Counts {@code readings} readings at once: those of a whole bucket lying in this window. */
        public void countReadings(long readings) {
            count += readings;
        }

        /**
         * Adds a whole bucket's summary of {@code field} (count, min, max, sum). It carries no first or
         * last value: feed the readings that can hold them with {@link #value}, or the result's first
         * and last are those of the values fed.
         */
        public void summary(String field, FieldSummary summary) {
            accumulator(field).merge(summary.count(), summary.min(), summary.max(), summary.sum());
        }

        /** Adds a sub-window's summary of {@code field}, first and last by their times; count its readings with {@link #countReadings}. */
        public void span(String field, FieldSpan span) {
            accumulator(field).merge(span);
        }

        private FieldAccumulator accumulator(String field) {
            int slot = slot(field);
            if (slot >= fields.length) {
                fields = Arrays.copyOf(fields, fieldCount);
            }
            FieldAccumulator acc = fields[slot];
            if (acc == null) {
                acc = new FieldAccumulator();
                fields[slot] = acc;
            }
            return acc;
        }
    }
}
