package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSummary;

import java.util.Arrays;

/**
 * The one {@code long[]} a bucket's rows live in, as a table of {@link PackedValue} cells: first four
 * slots per column for its summary (count, then the bits of min, max and sum), then one row per
 * reading in time order, its time followed by one cell per column. Storing a reading thus touches
 * one array: the summaries at its start and one row (for a reading in time order, the one after the
 * last). Rows not in use hold ABSENT throughout. What the columns are named and what a text cell's
 * code stands for is {@link PackedRows}'s; the growth, insertion and search of rows is this class's.
 *
 * <p>Why one array: a reading then costs 8 bytes per value plus 8 for its time (a row of objects
 * would cost a header and a reference per value, and a reading object each), and the summary a
 * write updates sits in the same array as the row it writes. {@link PackedRows} and
 * {@link PackedBucket} extend this class so that their fields and these live in one object: every
 * object between a series and its latest row is another memory access per reading stored.
 */
abstract class RowTable {

    private static final long ABSENT = PackedValue.ABSENT;
    private static final int SUMMARY_SLOTS = SummarySlots.SLOTS;
    private static final long[] EMPTY = new long[0];

    private long[] data = EMPTY;
    /** {@code schema.size()}, kept here: every row offset needs it, and the schema is another object to read. */
    private int columns;
    private int capacity;
    /** Rows in use: {@code [0, count)}. */
    private int count;

    final int columns() {
        return columns;
    }

    /** How many rows fit before the array grows. */
    final int rowCapacity() {
        return capacity;
    }

    /** How many rows are in use. */
    final int rowCount() {
        return count;
    }

    private int rowsStart() {
        return SUMMARY_SLOTS * columns;
    }

    /** Where row {@code row} (its time) sits in {@link #data}. */
    private int rowAt(int row) {
        return rowsStart() + row * (columns + 1);
    }

    final long time(int row) {
        return data[rowAt(row)];
    }

    /** The array itself, for a loop over the cells of a row (from {@link #valuesAt}). */
    final long[] cells() {
        return data;
    }

    /** Where the cell of row {@code row}'s first column sits in {@link #cells()}. */
    final int valuesAt(int row) {
        return rowAt(row) + 1;
    }

    /** The cell of {@code column} in {@code row}: a {@link PackedValue}. */
    final long cell(int row, int column) {
        return data[rowAt(row) + 1 + column];
    }

    /** Fails unless the table has no columns yet (a bucket lays its columns out once, before any row). */
    final void requireNoColumns() {
        if (columns != 0) {
            throw new IllegalStateException("the columns are laid out already");
        }
    }

    /** Makes room for {@code newCapacity} rows (not fewer than now), the new ones absent. */
    final void growRows(int newCapacity) {
        if (newCapacity < capacity) {
            throw new IllegalArgumentException("rows only grow: " + newCapacity + " < " + capacity);
        }
        long[] grown = Arrays.copyOf(data, rowsStart() + newCapacity * (columns + 1));
        Arrays.fill(grown, rowAt(capacity), grown.length, ABSENT);
        data = grown;
        capacity = newCapacity;
    }

    /** Appends {@code added} columns, absent in every row. */
    final void addColumns(int added) {
        int wider = columns + added;
        long[] relaid = new long[SUMMARY_SLOTS * wider + capacity * (wider + 1)];
        System.arraycopy(data, 0, relaid, 0, rowsStart());
        SummarySlots.clear(relaid, columns, wider);
        Arrays.fill(relaid, SUMMARY_SLOTS * wider, relaid.length, ABSENT);
        for (int row = 0; row < count; row++) {
            System.arraycopy(data, rowAt(row), relaid, SUMMARY_SLOTS * wider + row * (wider + 1), columns + 1);
        }
        data = relaid;
        columns = wider;
    }

    /**
     * Takes a free row for a reading at {@code time} that belongs at {@code row} in time order (the
     * rows from there on move one down), with all of its values absent; call {@link #growRows}
     * first when every row is in use.
     */
    final void insertRow(int row, long time) {
        if (count == capacity) {
            throw new IllegalStateException("all " + capacity + " rows are in use");
        }
        if (row < count) {
            openRow(row);
        }
        data[rowAt(row)] = time;
        count++;
    }

    /** Moves rows {@code [row, count)} one down into the free row {@code count} and leaves {@code row} absent. */
    private void openRow(int row) {
        int from = rowAt(row);
        int stride = columns + 1;
        System.arraycopy(data, from, data, from + stride, rowAt(count) - from);
        Arrays.fill(data, from, from + stride, ABSENT);
    }

    /** Stores number bits ({@link PackedValue#isNumber}) and counts them into the column's summary. */
    final void setNumber(int row, int column, long bits) {
        long[] d = data;
        d[rowAt(row) + 1 + column] = bits;
        SummarySlots.add(d, column, Double.longBitsToDouble(bits));
    }

    /** Stores a text's code into its cell ({@link PackedValue#ofText}); texts have no summary. */
    final void setCode(int row, int column, int code) {
        data[rowAt(row) + 1 + column] = PackedValue.ofText(code);
    }

    /** True when {@code column} holds a number in {@code row}; read it with {@link #number}. */
    final boolean isNumber(int row, int column) {
        return PackedValue.isNumber(data[rowAt(row) + 1 + column]);
    }

    final double number(int row, int column) {
        return Double.longBitsToDouble(data[rowAt(row) + 1 + column]);
    }

    /** True when some row holds a number in {@code column} (its summary counts one), read from the summaries. */
    final boolean hasNumbers(int column) {
        return data[SUMMARY_SLOTS * column] != 0;
    }

    /** The summary of {@code column}'s numbers, or null when it has none. */
    final FieldSummary summary(int column) {
        return SummarySlots.of(data, column);
    }

    /** A copy of every column's summary slots ({@link SummarySlots}). */
    final long[] summarySlots() {
        return SummarySlots.copy(data, columns);
    }

    /**
     * Takes over the array of {@code other} emptied (summaries cleared, rows absent), with its columns and
     * room; this table has no columns yet. {@code other} is left with no rows (see {@link PackedRows#takeRowsOf}).
     */
    final void takeTableOf(RowTable other) {
        data = other.data;
        columns = other.columns;
        capacity = other.capacity;
        SummarySlots.clear(data, 0, columns);
        Arrays.fill(data, rowsStart(), rowAt(other.count), ABSENT);
        other.data = EMPTY;
        other.capacity = 0;
        other.count = 0;
    }

    /** Index of the first row at or after {@code epochMilli} (count when there is none). */
    final int firstRowAtOrAfter(long epochMilli) {
        int low = 0;
        int high = count;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (time(mid) < epochMilli) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** Releases rows past {@link #count}. */
    final void trimTable() {
        if (capacity != count) {
            data = Arrays.copyOf(data, rowAt(count));
            capacity = count;
        }
    }

    /** The heap of the array, header included. */
    final long tableHeapBytes() {
        return 16 + 8L * data.length;
    }
}
