package io.bucketry.domain;

import java.util.BitSet;
import java.util.Objects;

/**
 * The fields of a run of readings given column by column, as a store decodes a bucket: per column of a
 * {@link FieldSchema}, a number per row and/or a text per row (a code into that column's texts).
 * {@link #fieldsAt} builds one row's Fields from them. The numbers are copied as they are given, into
 * one row-major array that the rows' Fields share, each its own stretch (one array per run, not one
 * per reading); the texts are looked up once when built, rows in a run with the same texts ("OK",
 * "OK", …) sharing one array of them (Fields never change theirs); a full row (every column given)
 * shares the schema itself. Each row is checked as it is built, so no Fields holds a value a reading may not, and a bad
 * value refuses its row alone (a bad text or code refuses the build); {@link #requireValidRows} checks
 * them all at once.
 */
public final class FieldColumns {

    /** Marks a row without a text in a column's codes. */
    public static final int NO_TEXT = -1;

    private final FieldSchema schema;
    private final int rows;
    /** Row by row, each column's number (NaN where a row has none): row {@code r} from {@code r * columns}. */
    private final double[] numbers;
    /** Per row, its text of each column (null where it has none), or null when it has no text; null when no row has one. */
    private final String[][] rowTexts;
    /**
     * The rows that are not simply full and valid (a column without a value, a number beside a text, a
     * number that is not finite, a schema no reading may have): those are built and checked one by
     * one; the others were checked column by column when built ({@link IrregularRows}).
     */
    private final BitSet irregular;

    private FieldColumns(FieldSchema schema, int rows, double[] numbers, String[][] rowTexts, BitSet irregular) {
        this.schema = schema;
        this.rows = rows;
        this.numbers = numbers;
        this.rowTexts = rowTexts;
        this.irregular = irregular;
    }

    /** Columns named by {@code schema}, each of {@code rows} rows; a column given neither numbers nor texts is absent throughout. */
    public static Builder builder(FieldSchema schema, int rows) {
        return new Builder(schema, rows);
    }

    public FieldSchema schema() {
        return schema;
    }

    public int rows() {
        return rows;
    }

    /** The number of {@code row} in {@code column}: NaN where the row has none there (a text or nothing). */
    public double numberAt(int row, int column) {
        Objects.checkIndex(row, rows);
        return numbers[row * schema.size() + Objects.checkIndex(column, schema.size())];
    }

    /**
     * The fields of {@code row}: its numbers and texts by column. A row holding every column has the
     * schema as its names, others only the names they hold.
     *
     * @throws InvalidReadingException when the row holds a number that is not finite, no field, or
     *                                 more fields than a reading may have
     * @throws IllegalArgumentException when the row holds both a number and a text in one column
     */
    public Fields fieldsAt(int row) {
        Objects.checkIndex(row, rows);
        int offset = row * schema.size();
        if (irregular.get(row)) {
            return checkedRow(row, offset);
        }
        return Fields.ofChecked(schema, numbers, offset, textsOf(row));
    }

    private String[] textsOf(int row) {
        return rowTexts == null ? null : rowTexts[row];
    }

    /**
     * Checks now every row that is not simply full and valid, as {@link #fieldsAt} would when it is
     * asked for: for a store that wants a bad row to fail its query, not the caller's later read.
     *
     * @throws InvalidReadingException or IllegalArgumentException as {@link #fieldsAt} of the first bad row
     */
    public FieldColumns requireValidRows() {
        for (int row = irregular.nextSetBit(0); row >= 0; row = irregular.nextSetBit(row + 1)) {   // bits < rows only
            checkRow(row, row * schema.size());
        }
        return this;
    }

    /** A row lacking a value, holding one a reading may not, or of a schema no reading may have: built once checked. */
    private Fields checkedRow(int row, int offset) {
        checkRow(row, offset);
        return IrregularRows.build(schema, numbers, offset, textsOf(row));
    }

    private void checkRow(int row, int offset) {
        IrregularRows.check(schema, numbers, textsOf(row), row, offset);
    }

    /** Collects the columns; one use: {@link #build} once. */
    public static final class Builder {
        private final FieldSchema schema;
        private final int rows;
        /** Row by row, the numbers given so far (made at the first column given or at build). */
        private double[] byRow;
        private final boolean[] numbered;
        /** Per column, whether the numbers given are all finite (false where none were given). */
        private final boolean[] allFinite;
        private final int[][] codes;
        private final String[][] texts;

        private Builder(FieldSchema schema, int rows) {
            this.schema = Objects.requireNonNull(schema, "schema");
            if (rows < 0) {
                throw new IllegalArgumentException("rows " + rows + " must not be negative");
            }
            this.rows = rows;
            this.numbered = new boolean[schema.size()];
            this.allFinite = new boolean[schema.size()];
            this.codes = new int[schema.size()][];
            this.texts = new String[schema.size()][];
        }

        /**
         * The numbers of {@code column}, one per row from index 0 (NaN: the row has no number there), copied
         * now: the caller may reuse {@code values} for the next column.
         */
        public Builder numbers(int column, double[] values) {
            if (numbered[Objects.checkIndex(column, numbered.length)]) {
                throw new IllegalStateException("the numbers of column '" + schema.name(column) + "' are set twice");
            }
            requireRows(values.length);
            int columns = numbered.length;
            double[] copy = numbersByRow();
            boolean finite = true;
            for (int row = 0, at = column; row < rows; row++, at += columns) {
                double value = values[row];
                copy[at] = value;
                finite &= Double.isFinite(value);
            }
            numbered[column] = true;
            allFinite[column] = finite;
            return this;
        }

        private double[] numbersByRow() {
            if (byRow == null) {
                byRow = new double[Math.multiplyExact(rows, numbered.length)];
            }
            return byRow;
        }

        /**
         * The texts of {@code column}: per row from index 0 a code into {@code dictionary} ({@link #NO_TEXT}:
         * the row has no text there), read by {@link #build}; each text of the dictionary valid.
         */
        public Builder texts(int column, int[] rowCodes, String[] dictionary) {
            requireUnset(codes, column, "texts");
            requireRows(rowCodes.length);
            String[] checked = dictionary.clone();
            for (String text : checked) {
                FieldValue.requireValidText(schema.name(column), text);
            }
            codes[column] = rowCodes;
            texts[column] = checked;
            return this;
        }

        /** The columns: the numbers checked column by column, each row's texts looked up. */
        public FieldColumns build() {
            int columns = numbered.length;
            double[] numbers = numbersByRow();
            BitSet irregular = new BitSet(rows);
            if (columns == 0 || columns > FieldSchema.MAX_FIELDS) {
                irregular.set(0, rows);   // no row of this schema is a reading's fields as it is
            }
            for (int column = 0; column < columns; column++) {
                // a column of finite numbers alone, the usual one, was checked as it was copied: every row holds a valid value
                if (!allFinite[column] || codes[column] != null) {
                    IrregularRows.mark(column, columns, numbered[column], codes[column], rows, numbers, irregular);
                }
            }
            return new FieldColumns(schema, rows, numbers, RowTexts.of(schema, rows, codes, texts), irregular);
        }

        private void requireUnset(Object[] columns, int column, String kind) {
            if (columns[Objects.checkIndex(column, columns.length)] != null) {
                throw new IllegalStateException("the " + kind + " of column '" + schema.name(column) + "' are set twice");
            }
        }

        private void requireRows(int length) {
            if (length < rows) {
                throw new IllegalArgumentException("a column of " + length + " values for " + rows + " rows");
            }
        }
    }
}
