package io.bucketry.domain;

/**
 * One field's count, min, max, sum, first and last (with their times) as {@value #SIZE} cells of a
 * {@code long[]} at an offset, doubles as their raw bits: what {@link FieldAccumulator} holds in an
 * object, for a {@link GroupAggregator} that keeps thousands of windows per query in a few arrays
 * instead of an object per window and field. The arithmetic is {@link FieldAccumulator}'s, step for
 * step, so that both give the same bits.
 */
final class FieldCells {

    static final int SIZE = 8;
    private static final int MIN = 1;
    private static final int MAX = 2;
    private static final int SUM = 3;
    private static final int FIRST_TIME = 4;
    private static final int FIRST = 5;
    private static final int LAST_TIME = 6;
    private static final int LAST = 7;

    private static final long POSITIVE_INFINITY = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
    private static final long NEGATIVE_INFINITY = Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY);
    private static final long ZERO = Double.doubleToRawLongBits(0.0);

    private FieldCells() {
    }

    /** Makes the cells at {@code at} those of no value, as a new {@link FieldAccumulator}'s. */
    static void clear(long[] cells, int at) {
        cells[at] = 0;
        cells[at + MIN] = POSITIVE_INFINITY;
        cells[at + MAX] = NEGATIVE_INFINITY;
        cells[at + SUM] = ZERO;
        cells[at + FIRST_TIME] = Long.MAX_VALUE;
        cells[at + FIRST] = ZERO;
        cells[at + LAST_TIME] = Long.MIN_VALUE;
        cells[at + LAST] = ZERO;
    }

    static long count(long[] cells, int at) {
        return cells[at];
    }

    /** As {@link FieldAccumulator#add}: one value of the series at {@code time}. */
    static void add(long[] cells, int at, long time, double value) {
        merge(cells, at, 1, value, value, value, time, value, time, value);
    }

    /** As {@link FieldAccumulator#merge(FieldSpan)}: more values of the same series. */
    static void merge(long[] cells, int at, long count, double min, double max, double sum, long firstTime,
                      double first, long lastTime, double last) {
        combine(cells, at, count, min, max, sum);
        if (firstTime < cells[at + FIRST_TIME]) {
            cells[at + FIRST_TIME] = firstTime;
            cells[at + FIRST] = bits(first);
        }
        if (lastTime > cells[at + LAST_TIME]) {
            cells[at + LAST_TIME] = lastTime;
            cells[at + LAST] = bits(last);
        }
    }

    static void merge(long[] cells, int at, FieldSpan span) {
        merge(cells, at, span.count(), span.min(), span.max(), span.sum(), span.firstTime(), span.first(),
                span.lastTime(), span.last());
    }

    /**
     * Merges the cells {@code from} at {@code fromAt} of the same window of a series whose id sorts after every
     * series merged into {@code into} so far: of values at the same instant, the first is the one of the smallest
     * series id and the last the one of the largest, as if readings were ordered by (time, series id).
     */
    static void mergeLaterSeries(long[] into, int at, long[] from, int fromAt) {
        combine(into, at, from[fromAt], number(from, fromAt + MIN), number(from, fromAt + MAX),
                number(from, fromAt + SUM));
        if (from[fromAt + FIRST_TIME] < into[at + FIRST_TIME]) {
            into[at + FIRST_TIME] = from[fromAt + FIRST_TIME];
            into[at + FIRST] = from[fromAt + FIRST];
        }
        if (from[fromAt + LAST_TIME] >= into[at + LAST_TIME]) {
            into[at + LAST_TIME] = from[fromAt + LAST_TIME];
            into[at + LAST] = from[fromAt + LAST];
        }
    }

    private static void combine(long[] cells, int at, long count, double min, double max, double sum) {
        cells[at] += count;
        cells[at + MIN] = bits(Math.min(number(cells, at + MIN), min));
        cells[at + MAX] = bits(Math.max(number(cells, at + MAX), max));
        cells[at + SUM] = bits(number(cells, at + SUM) + sum);
    }

    static FieldAggregate toAggregate(long[] cells, int at) {
        return new FieldAggregate(cells[at], number(cells, at + MIN), number(cells, at + MAX),
                number(cells, at + SUM), number(cells, at + FIRST), number(cells, at + LAST));
    }

    private static double number(long[] cells, int index) {
        return Double.longBitsToDouble(cells[index]);
    }

    private static long bits(double value) {
        return Double.doubleToRawLongBits(value);
    }
}
