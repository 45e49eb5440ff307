package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Accumulates the readings of one series into windows of a fixed size aligned to the epoch.
 * Readings and values may arrive in any order; first and last are chosen by time. Only windows
 * that received a reading are produced.
 */
public final class WindowAggregator {

    private final SeriesId series;
    private final long windowMillis;
    private final TreeMap<Long, Window> windows = new TreeMap<>();
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
            current = windows.computeIfAbsent(start, Window::new);
        }
        return current;
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

    /** The non-empty windows in time order. */
    public List<WindowAggregate> result() {
        List<WindowAggregate> result = new ArrayList<>(windows.size());
        for (Window window : windows.values()) {
            Map<String, FieldAggregate> fields = new HashMap<>();
            window.fields.forEach((name, acc) -> fields.put(name, acc.toAggregate()));
            result.add(new WindowAggregate(series, Instant.ofEpochMilli(window.start),
                    Instant.ofEpochMilli(window.start + windowMillis), window.count, fields));
        }
        return result;
    }

    /** One window being accumulated. */
    public static final class Window {
        private final long start;
        private long count;
        private final Map<String, FieldAccumulator> fields = new HashMap<>(8);

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

        /** Adds a sub-window's summary of {@code field}, first and last by their times; count its readings with {@link #countReadings}. */
        public void span(String field, FieldSpan span) {
            accumulator(field).merge(span);
        }

        private FieldAccumulator accumulator(String field) {
            FieldAccumulator acc = fields.get(field);
            if (acc == null) {
                acc = new FieldAccumulator();
                fields.put(field, acc);
            }
            return acc;
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

        void merge(FieldSpan span) {
            merge(new FieldSummary(span.count(), span.min(), span.max(), span.sum()));
            if (span.firstTime() < firstTime) {
                firstTime = span.firstTime();
                first = span.first();
            }
            if (span.lastTime() > lastTime) {
                lastTime = span.lastTime();
                last = span.last();
            }
        }

        FieldAggregate toAggregate() {
            return new FieldAggregate(count, min, max, sum, first, last);
        }
    }
}
