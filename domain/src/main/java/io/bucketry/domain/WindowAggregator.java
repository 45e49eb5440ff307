package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Accumulates the readings of one series into windows of a fixed size aligned to the epoch.
 * Readings and values may arrive in any order; first and last are chosen by time. Only windows
 * that received a reading are produced.
 *
 * <p>An aggregate over every series runs one aggregator per series, so it keeps few objects: the
 * windows in an array by start (readings mostly arrive in time order, so a new window is appended),
 * and per window its fields' accumulators in an array, looked up by name.
 */
public final class WindowAggregator {

    private final SeriesId series;
    private final long windowMillis;
    /** The windows opened so far, by start. */
    private Window[] windows = new Window[4];
    private int size;
    private Window current;

    public WindowAggregator(SeriesId series, Duration window) {
        this.series = series;
        this.windowMillis = requirePositiveMillis(window);
    }

    /** The window size in milliseconds, or an exception naming a non-positive or sub-millisecond window. */
    public static long requirePositiveMillis(Duration window) {
        if (window == null || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window " + window + " must be positive");
        }
        if (window.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("window " + window + " must be a whole number of milliseconds");
        }
        if (window.compareTo(Duration.ofMillis(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("window " + window + " is too large to count in milliseconds");
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

    /** The window starting at {@code start}, opened in its place if there is none yet. */
    private Window find(long start) {
        int low = 0;
        int high = size;
        if (size > 0 && windows[size - 1].start < start) {
            low = size;   // the usual case: past every window so far
        }
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (windows[mid].start < start) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        if (low < size && windows[low].start == start) {
            return windows[low];
        }
        if (size == windows.length) {
            windows = Arrays.copyOf(windows, size * 2);
        }
        System.arraycopy(windows, low, windows, low + 1, size - low);
        Window window = new Window(start);
        windows[low] = window;
        size++;
        return window;
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
        return size;
    }

    /** The non-empty windows in time order. */
    public List<WindowAggregate> result() {
        List<WindowAggregate> result = new ArrayList<>(size);
        for (int w = 0; w < size; w++) {
            Window window = windows[w];
            Map<String, FieldAggregate> fields = new HashMap<>(2 * window.fieldCount);
            for (int i = 0; i < window.fieldCount; i++) {
                fields.put(window.names[i], window.accumulators[i].toAggregate());
            }
            result.add(new WindowAggregate(series, Instant.ofEpochMilli(window.start),
                    Instant.ofEpochMilli(window.start + windowMillis), window.count, fields));
        }
        return result;
    }

    /** One window being accumulated. */
    public static final class Window {
        private final long start;
        private long count;
        private String[] names = new String[4];
        private FieldAccumulator[] accumulators = new FieldAccumulator[4];
        private int fieldCount;
        /** Where the next value's field most likely is: readings list their fields in one order. */
        private int next;

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
            accumulator(field).merge(summary);
        }

        private FieldAccumulator accumulator(String field) {
            int at = next < fieldCount && names[next] == field ? next : indexOf(field);
            if (at < 0) {
                if (fieldCount == names.length) {
                    names = Arrays.copyOf(names, fieldCount * 2);
                    accumulators = Arrays.copyOf(accumulators, fieldCount * 2);
                }
                at = fieldCount++;
                names[at] = field;
                accumulators[at] = new FieldAccumulator();
            }
            next = at + 1 == fieldCount ? 0 : at + 1;
            return accumulators[at];
        }

        private int indexOf(String field) {
            for (int i = 0; i < fieldCount; i++) {
                if (names[i] == field || names[i].equals(field)) {
                    return i;
                }
            }
            return -1;
        }
    }

    private static final class FieldAccumulator {
        private long count;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;
        private double sum;
        private long firstTime = Long.MAX_VALUE;
        private double first;
        private long lastTime = Long.MIN_VALUE;
        private double last;

        void add(long time, double value) {
            count++;
            min = Math.min(min, value);
            max = Math.max(max, value);
            sum += value;
            if (time < firstTime) {
                firstTime = time;
                first = value;
            }
            if (time > lastTime) {
                lastTime = time;
                last = value;
            }
        }

        void merge(FieldSummary summary) {
            count += summary.count();
            min = Math.min(min, summary.min());
            max = Math.max(max, summary.max());
            sum += summary.sum();
        }

        FieldAggregate toAggregate() {
            return new FieldAggregate(count, min, max, sum, first, last);
        }
    }
}
