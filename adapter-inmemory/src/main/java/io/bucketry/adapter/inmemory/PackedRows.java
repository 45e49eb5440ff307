package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;

/**
 * A bucket's storage, all in one {@code long[]} ({@link RowTable}: the summaries, then one row per
 * reading in time order, its time followed by its field values as {@link PackedValue}s): what the
 * cells mean. A number is its raw bits, a text a code into this bucket's {@link TextDictionary}, a
 * missing value ABSENT. The columns are named by a {@link FieldSchema} in the order their fields
 * first came; a reading's fields are matched to them once per reading schema, not once per reading.
 *
 * <p>{@link PackedBucket} extends this class so that its counters and these fields live in one
 * object (see {@link RowTable} for why).
 */
abstract class PackedRows extends RowTable {

    private static final long ABSENT = PackedValue.ABSENT;

    /** The name of each column. */
    private FieldSchema schema = FieldSchema.EMPTY;
    // readings of a stream share one schema: where each of its fields sits here, computed once
    // (null when field i sits in column i, which saves reading an array per reading)
    private FieldSchema mappedSchema;
    private int[] mapping;
    private TextDictionary dictionary;
    // texts repeat ("OK", "OK", …): the last one is checked first, without touching the dictionary
    private String recentText;
    private int recentCode;

    /** The columns' names, in column order. */
    final FieldSchema schema() {
        return schema;
    }

    /** Takes the columns (and the field mapping) of {@code other}; this bucket has none yet. */
    final void layOutLike(PackedRows other) {
        requireNoColumns();
        schema = other.schema;
        mappedSchema = other.mappedSchema;
        mapping = other.mapping;
        addColumns(other.columns());
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
        setCode(row, column, code);
    }

    /**
     * The fields of row {@code row} as a plain value: a copy, so that a reading kept by a caller
     * holds none of this bucket's storage. The names are the columns' own when the row has them all.
     */
    final Fields fieldsAt(int row) {
        Fields.Builder fields = Fields.builder(schema);
        long[] data = cells();
        int at = valuesAt(row);
        for (int column = 0; column < columns(); column++) {
            long bits = data[at + column];
            if (PackedValue.isNumber(bits)) {
                fields.number(column, Double.longBitsToDouble(bits));
            } else if (bits != ABSENT) {
                fields.text(column, dictionary.text(PackedValue.code(bits)));
            }
        }
        return fields.build();
    }

    /** The text in {@code column} of {@code row}, or null when it holds a number or nothing. */
    final String textOrNull(int row, int column) {
        long bits = cell(row, column);
        return PackedValue.isNumber(bits) || bits == ABSENT ? null : dictionary.text(PackedValue.code(bits));
    }

    /**
     * Takes over the storage of {@code other}, just sealed, emptied: its array (summaries cleared, rows
     * absent), columns and field mapping; not its texts. The next window of a steady series needs the same
     * room, and reusing it saves allocating an array per window and leaving the old one as garbage
     * among long-lived objects. {@code other} is left with no rows.
     */
    final void takeRowsOf(PackedRows other) {
        requireNoColumns();
        takeTableOf(other);
        schema = other.schema;
        mappedSchema = other.mappedSchema;
        mapping = other.mapping;
        // not the texts: the sealed columns hold their own, and a dictionary handed on would grow window
        // after window with texts no row refers to, outside the heap the store accounts for
        dictionary = null;
        recentText = null;
        other.dictionary = null;
        other.recentText = null;
    }

    /** Takes the columns of a sealed predecessor: its names, no field mapping yet; this bucket has none. */
    final void layOutAs(FieldSchema names) {
        requireNoColumns();
        schema = names;
        addColumns(names.size());
    }

    /** Releases rows past the last in use, and the dictionary's spare room. */
    final void trimRows() {
        trimTable();
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
        return tableHeapBytes() + (dictionary == null ? 0 : dictionary.heapBytes());
    }
}
