package io.bucketry.domain;

import java.util.Arrays;

/**
 * The field values of a bucket, row by row in one {@code long[]}: reading i's value of column c is
 * at {@code i * columns + c}, so one reading's values share a cache line. A slot holds
 * {@link FieldBits}: a number's raw bits, a code into this bucket's {@link TextDictionary}, or ABSENT.
 * Per column it keeps the summary count, min, max and sum.
 */
final class Slots {

    private static final long ABSENT = FieldBits.ABSENT;
    private static final FieldValue.Text[] NO_TEXTS = new FieldValue.Text[0];

    private long[] values = new long[0];
    /** Whether {@link #values()} handed this array out: then rows move only into a new one. */
    private boolean shared;
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
        shared = false;
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
        shared = false;
        stats = Arrays.copyOf(stats, 4 * wider);
        for (int column = columns; column < wider; column++) {
            stats[4 * column + 1] = Double.POSITIVE_INFINITY;
            stats[4 * column + 2] = Double.NEGATIVE_INFINITY;
        }
        columns = wider;
    }

    /**
     * Moves the rows from {@code row} on one down (the last row must be unused) and leaves
     * {@code row} absent: in place, or into a new array once stored readings share this one (see
     * {@link #values()}).
     */
    void openRow(int row) {
        long[] moved = shared ? new long[values.length] : values;
        System.arraycopy(values, row * columns, moved, (row + 1) * columns, values.length - (row + 1) * columns);
        if (shared) {
            System.arraycopy(values, 0, moved, 0, row * columns);
            values = moved;
            shared = false;
        }
        Arrays.fill(values, row * columns, (row + 1) * columns, ABSENT);
    }

    /** Stores number bits ({@link FieldBits#isNumber}) and counts them into the column's summary. */
    void setNumber(int row, int column, long bits) {
        values[row * columns + column] = bits;
        double v = Double.longBitsToDouble(bits);
        int at = 4 * column;
        stats[at]++;
        stats[at + 1] = Math.min(stats[at + 1], v);
        stats[at + 2] = Math.max(stats[at + 2], v);
        stats[at + 3] += v;
    }

    void setText(int row, int column, FieldValue.Text text) {
        if (dictionary == null) {
            dictionary = new TextDictionary();
        }
        values[row * columns + column] = FieldBits.ofText(dictionary.code(text));
    }

    /**
     * The slots, row {@code r} from index {@code r * columns()}; text codes refer to {@link #texts()}.
     * Rows already written are never changed in this array: every change that moves them makes a
     * new one (growing, a new column, a reading inserted before others, trimming).
     */
    long[] values() {
        shared = true;
        return values;
    }

    /** The texts by code: entries in use are never changed, so a reading may keep the array. */
    FieldValue.Text[] texts() {
        return dictionary == null ? NO_TEXTS : dictionary.texts();
    }

    /** True when {@code column} holds a number in {@code row}; read it with {@link #number}. */
    boolean isNumber(int row, int column) {
        return FieldBits.isNumber(values[row * columns + column]);
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
            shared = false;
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
