package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.Fields;

import java.util.Arrays;

/**
 * A bucket's storage, all in one {@code long[]}: first four slots per column for its summary
 * (count, then the bits of min, max and sum), then one row per reading in time order, its time
 * followed by its field values as {@link PackedValue}s (a number's raw bits, a code into this
 * bucket's {@link TextDictionary}, or ABSENT). Storing a reading thus touches one array: the
 * summaries at its start and one row (for a reading in time order, the one after the last). Rows
 * not in use hold ABSENT throughout. The columns are named by a {@link FieldSchema} in the order
 * their fields first came; a reading's fields are matched to them once per reading schema, not
 * once per reading.
 *
 * <p>Why one array: a reading then costs 8 bytes per value plus 8 for its time (a row of objects
 * would cost a header and a reference per value, and a reading object each), and the summary a
 * write updates sits in the same array as the row it writes. {@link PackedBucket} extends this
 * class so that its counters and these fields live in one object: every object between a series
 * and its latest row is another memory access per reading stored.
 */
abstract class PackedRows {

    private static final long ABSENT = PackedValue.ABSENT;
    private static final int SUMMARY_SLOTS = SummarySlots.SLOTS;
    private static final long[] EMPTY = new long[0];

    private long[] data = EMPTY;
    /** {@code schema.size()}, kept here: every row offset needs it, and the schema is another object to read. */
    private int columns;
    /** The name of each column. */
    private FieldSchema schema = FieldSchema.EMPTY;
    // readings of a stream share one schema: where each of its fields sits here, computed once
    // (null when field i sits in column i, which saves reading an array per reading)
    private FieldSchema mappedSchema;
    private int[] mapping;
    private int capacity;
    /** Rows in use: {@code [0, count)}. */
    private int count;
    private TextDictionary dictionary;
    // texts repeat ("OK", "OK", …): the last one is checked first, without touching the dictionary
    private String recentText;
    private int recentCode;

    final int columns() {
        return columns;
    }

    /** The columns' names, in column order. */
    final FieldSchema schema() {
        return schema;
    }

    /** Takes the columns (and the field mapping) of {@code other}; this bucket has none yet. */
    final void layOutLike(PackedRows other) {
        if (columns != 0) {
            throw new IllegalStateException("the columns are laid out already");
        }
        schema = other.schema;
        mappedSchema = other.mappedSchema;
        mapping = other.mapping;
        addColumns(other.columns);
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
    private void addColumns(int added) {
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

    /**
     * Stores the values of {@code fields} into row {@code row} (just taken by {@link #insertRow}),
     * each into its field's column; a field new here gets a new column.
     */
    final void setFields(int row, Fields fields) {
        FieldSchema readingSchema = fields.schema();
        if (readingSchema != mappedSchema) {
            if (readingSchema.equals(mappedSchema)) {
                // the same names from another converter (each ingest part and batch has its own): same mapping
                mappedSchema = readingSchema;
            } else {
                map(readingSchema);
            }
        }
        int[] toColumn = mapping;
        for (int i = 0; i < readingSchema.size(); i++) {
            int column = toColumn == null ? i : toColumn[i];
            if (fields.isText(i)) {
                setText(row, column, fields.textAt(i));
            } else {
                setNumber(row, column, Double.doubleToRawLongBits(fields.numberAt(i)));
            }
        }
    }

    /** Works out where each field of {@code readingSchema} is stored; new fields get new columns. */
    private void map(FieldSchema readingSchema) {
        int[] toColumn = new int[readingSchema.size()];
        boolean inOrder = true;
        for (int i = 0; i < toColumn.length; i++) {
            String name = readingSchema.name(i);
            int index = schema.indexOf(name);
            if (index < 0) {
                schema = schema.with(name);
                addColumns(1);
                index = schema.size() - 1;
            }
            toColumn[i] = index;
            inOrder &= index == i;
        }
        mappedSchema = readingSchema;
        mapping = inOrder ? null : toColumn;
    }

    /** Stores number bits ({@link PackedValue#isNumber}) and counts them into the column's summary. */
    private void setNumber(int row, int column, long bits) {
        long[] d = data;
        d[rowAt(row) + 1 + column] = bits;
        SummarySlots.add(d, column, Double.longBitsToDouble(bits));
    }

    private void setText(int row, int column, String value) {
        int code;
        if (value == recentText) {
            code = recentCode;
        } else {
            if (dictionary == null) {
                dictionary = new TextDictionary();
            }
            code = dictionary.code(value);
            recentText = value;
            recentCode = code;
        }
        data[rowAt(row) + 1 + column] = PackedValue.ofText(code);
    }

    /**
     * The fields of row {@code row} as a plain value: a copy, so that a reading kept by a caller
     * holds none of this bucket's storage. The names are the columns' own when the row has them all.
     */
    final Fields fieldsAt(int row) {
        Fields.Builder fields = Fields.builder(schema);
        int at = rowAt(row) + 1;
        for (int column = 0; column < columns; column++) {
            long bits = data[at + column];
            if (PackedValue.isNumber(bits)) {
                fields.number(column, Double.longBitsToDouble(bits));
            } else if (bits != ABSENT) {
                fields.text(column, dictionary.text(PackedValue.code(bits)));
            }
        }
        return fields.build();
    }

    /** True when {@code column} holds a number in {@code row}; read it with {@link #number}. */
    final boolean isNumber(int row, int column) {
        return PackedValue.isNumber(data[rowAt(row) + 1 + column]);
    }

    final double number(int row, int column) {
        return Double.longBitsToDouble(data[rowAt(row) + 1 + column]);
    }

    /** The summary of {@code column}'s numbers, or null when it has none. */
    final FieldSummary summary(int column) {
        return SummarySlots.of(data, column);
    }

    /** A copy of every column's summary slots ({@link SummarySlots}). */
    final long[] summarySlots() {
        return SummarySlots.copy(data, columns);
    }

    /** The text in {@code column} of {@code row}, or null when it holds a number or nothing. */
    final String textOrNull(int row, int column) {
        long bits = data[rowAt(row) + 1 + column];
        return PackedValue.isNumber(bits) || bits == ABSENT ? null : dictionary.text(PackedValue.code(bits));
    }

    /**
     * Takes over the storage of {@code other}, just sealed, emptied: its array (summaries cleared, rows
     * absent), columns and field mapping; not its texts. The next window of a steady series needs the same
     * room, and reusing it saves allocating an array per window and leaving the old one as garbage
     * among long-lived objects. {@code other} is left with no rows.
     */
    final void takeRowsOf(PackedRows other) {
        if (columns != 0) {
            throw new IllegalStateException("the columns are laid out already");
        }
        data = other.data;
        columns = other.columns;
        schema = other.schema;
        mappedSchema = other.mappedSchema;
        mapping = other.mapping;
        capacity = other.capacity;
        // not the texts: the sealed columns hold their own, and a dictionary handed on would grow window
        // after window with texts no row refers to, outside the heap the store accounts for
        dictionary = null;
        recentText = null;
        SummarySlots.clear(data, 0, columns);
        Arrays.fill(data, rowsStart(), rowAt(other.count), ABSENT);
        other.data = EMPTY;
        other.capacity = 0;
        other.count = 0;
        other.dictionary = null;
        other.recentText = null;
    }

    /** Takes the columns of a sealed predecessor: its names, no field mapping yet; this bucket has none. */
    final void layOutAs(FieldSchema names) {
        if (columns != 0) {
            throw new IllegalStateException("the columns are laid out already");
        }
        schema = names;
        addColumns(names.size());
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
    final void trimRows() {
        if (capacity != count) {
            data = Arrays.copyOf(data, rowAt(count));
            capacity = count;
        }
        if (dictionary != null) {
            dictionary.trim();
        }
    }

    /** How many distinct texts the rows hold codes of (tests). */
    final int distinctTexts() {
        return dictionary == null ? 0 : dictionary.size();
    }

    /** The heap of the array and the dictionary, headers included (not of the object itself). */
    final long rowsHeapBytes() {
        return 16 + 8L * data.length + (dictionary == null ? 0 : dictionary.heapBytes());
    }
}
