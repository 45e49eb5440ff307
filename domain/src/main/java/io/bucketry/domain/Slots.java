package io.bucketry.domain;

import java.util.Arrays;

/**
 * The field values of a bucket, row by row in one {@code long[]}: reading i's value of column c is
 * at {@code i * columns + c}, so one reading's values share a cache line. A slot holds the raw bits
 * of a finite number, a dictionary code tagged with bits no finite number has, or {@link #ABSENT}.
 * Per column it keeps the summary count, min, max and sum.
 */
final class Slots {

    /** The bits of +Infinity: never a valid value, so it marks a field the reading lacks. */
    private static final long ABSENT = 0x7ff0_0000_0000_0000L;
    /** Exponent all ones (not finite) plus the quiet bit: a text code sits in the low 32 bits. */
    private static final long TEXT_TAG = 0x7ff8_0000_0000_0000L;
    private static final long EXPONENT = 0x7ff0_0000_0000_0000L;

    private long[] values = new long[0];
    private int columns;
    private int capacity;
    /** Per column: count, min, max, sum of its numbers. */
    private double[] stats = new double[0];
    private TextDictionary dictionary;

    int columns() {
        return columns;
    }

    /** Makes room for {@code newCapacity} rows, the new ones absent. */
    void grow(int newCapacity) {
        values = Arrays.copyOf(values, newCapacity * columns);
        Arrays.fill(values, capacity * columns, newCapacity * columns, ABSENT);
        capacity = newCapacity;
    }

    /** Appends {@code added} columns, absent in every row. */
    void addColumns(int added, int rows) {
        int wider = columns + added;
        long[] relaid = new long[capacity * wider];
        Arrays.fill(relaid, ABSENT);
        for (int row = 0; row < rows; row++) {
            System.arraycopy(values, row * columns, relaid, row * wider, columns);
        }
        values = relaid;
        stats = Arrays.copyOf(stats, 4 * wider);
        for (int column = columns; column < wider; column++) {
            stats[4 * column + 1] = Double.POSITIVE_INFINITY;
            stats[4 * column + 2] = Double.NEGATIVE_INFINITY;
        }
        columns = wider;
    }

    /** Moves rows {@code [row, rows)} one down and leaves {@code row} absent. */
    void openRow(int row, int rows) {
        System.arraycopy(values, row * columns, values, (row + 1) * columns, (rows - row) * columns);
        Arrays.fill(values, row * columns, (row + 1) * columns, ABSENT);
    }

    void set(int row, int column, FieldValue value) {
        if (value instanceof FieldValue.Numeric numeric) {
            double v = numeric.value();
            values[row * columns + column] = Double.doubleToRawLongBits(v);
            int at = 4 * column;
            stats[at]++;
            stats[at + 1] = Math.min(stats[at + 1], v);
            stats[at + 2] = Math.max(stats[at + 2], v);
            stats[at + 3] += v;
        } else {
            if (dictionary == null) {
                dictionary = new TextDictionary();
            }
            values[row * columns + column] = TEXT_TAG | dictionary.code((FieldValue.Text) value);
        }
    }

    /** The value of {@code column} in {@code row}, or null when the reading lacks it. */
    FieldValue valueAt(int row, int column) {
        long bits = values[row * columns + column];
        if ((bits & EXPONENT) != EXPONENT) {
            return new FieldValue.Numeric(Double.longBitsToDouble(bits));
        }
        return bits == ABSENT ? null : dictionary.text((int) bits);
    }

    /** True when {@code column} holds a number in {@code row}; read it with {@link #number}. */
    boolean isNumber(int row, int column) {
        return (values[row * columns + column] & EXPONENT) != EXPONENT;
    }

    double number(int row, int column) {
        return Double.longBitsToDouble(values[row * columns + column]);
    }

    FieldSummary summary(int column) {
        int at = 4 * column;
        return stats[at] == 0 ? null : new FieldSummary((long) stats[at], stats[at + 1], stats[at + 2], stats[at + 3]);
    }

    /** Releases rows past {@code rows}. */
    void trim(int rows) {
        if (capacity != rows) {
            values = Arrays.copyOf(values, rows * columns);
            capacity = rows;
        }
        if (dictionary != null) {
            dictionary.trim();
        }
    }

    long heapBytes() {
        return 32 + 16 + 8L * values.length + 16 + 8L * stats.length + (dictionary == null ? 0 : dictionary.heapBytes());
    }
}
