package io.bucketry.domain;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/**
 * The fields of a run of readings given column by column, as a store decodes a bucket: per column of a
 * {@link FieldSchema}, a number per row and/or a text per row (a code into that column's texts).
 * {@link #fieldsAt} builds one row's Fields from them. Both are taken when built: the numbers into one
 * row-major array that the rows' Fields share, each its own stretch (one array per run, not one per
 * reading), and the texts looked up once, rows in a run with the same texts ("OK", "OK", …) sharing
 * one array of them (Fields never change theirs); a full row (every column given) shares the schema
 * itself. Each row is checked as it is built, so no Fields holds a value a reading may not, and a bad
 * row is refused alone.
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
     * one; the others were checked column by column when built.
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
     * A row lacking a value, holding one a reading may not, or of a schema no reading may have: each
     * value checked, then built as any partial Fields are (which refuses no field or too many).
     */
    private Fields checkedRow(int row, int offset) {
        String[] texts = textsOf(row);
        for (int column = 0; column < schema.size(); column++) {
            double number = numbers[offset + column];
            if (!Double.isNaN(number)) {
                if (texts != null && texts[column] != null) {
                    throw new IllegalArgumentException("row " + row + " holds both a number and a text in column '"
                            + schema.name(column) + "'");
                }
                FieldValue.requireFinite(schema.name(column), number);
            }
        }
        return some(offset, texts);
    }

    /** A row's Fields by the builder: a row lacking some columns has a schema of its own. */
    private Fields some(int offset, String[] texts) {
        Fields.Builder fields = Fields.builder(schema);
        for (int column = 0; column < schema.size(); column++) {
            double number = numbers[offset + column];
            if (!Double.isNaN(number)) {
                fields.number(column, number);
            } else if (texts != null && texts[column] != null) {
                fields.text(column, texts[column]);
            }
        }
        return fields.build();
    }

    /** Collects the columns; one use: {@link #build} once. */
    public static final class Builder {
        private final FieldSchema schema;
        private final int rows;
        private final double[][] numbers;
        private final int[][] codes;
        private final String[][] texts;

        private Builder(FieldSchema schema, int rows) {
            this.schema = Objects.requireNonNull(schema, "schema");
            if (rows < 0) {
                throw new IllegalArgumentException("rows " + rows + " must not be negative");
            }
            this.rows = rows;
            this.numbers = new double[schema.size()][];
            this.codes = new int[schema.size()][];
            this.texts = new String[schema.size()][];
        }

        /** The numbers of {@code column}, one per row from index 0 (NaN: the row has no number there), read by {@link #build}. */
        public Builder numbers(int column, double[] values) {
            requireUnset(numbers, column, "numbers");
            requireRows(values.length);
            numbers[column] = values;
            return this;
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

        /** The columns: the numbers copied row by row and checked column by column, each row's texts looked up. */
        public FieldColumns build() {
            int columns = numbers.length;
            double[] byRow = new double[Math.multiplyExact(rows, columns)];
            BitSet irregular = new BitSet(rows);
            if (columns == 0 || columns > FieldSchema.MAX_FIELDS) {
                irregular.set(0, rows);   // no row of this schema is a reading's fields as it is
            }
            for (int column = 0; column < columns; column++) {
                copyAndCheck(column, byRow, irregular);
            }
            return new FieldColumns(schema, rows, byRow, rowTexts(), irregular);
        }

        /** Copies {@code column}'s numbers into {@code byRow}, marking each row where it holds no value or a bad one. */
        private void copyAndCheck(int column, double[] byRow, BitSet irregular) {
            int columns = numbers.length;
            double[] values = numbers[column];
            int[] code = codes[column];
            if (values == null) {   // texts or nothing: a row without a text lacks the column
                for (int row = 0, at = column; row < rows; row++, at += columns) {
                    byRow[at] = Double.NaN;
                    if (code == null || code[row] == NO_TEXT) {
                        irregular.set(row);
                    }
                }
            } else if (code == null) {   // numbers alone, the usual column: NaN (absent) and infinities are not finite
                for (int row = 0, at = column; row < rows; row++, at += columns) {
                    double number = values[row];
                    byRow[at] = number;
                    if (!Double.isFinite(number)) {
                        irregular.set(row);
                    }
                }
            } else {
                for (int row = 0, at = column; row < rows; row++, at += columns) {
                    double number = values[row];
                    byRow[at] = number;
                    boolean text = code[row] != NO_TEXT;
                    if (Double.isNaN(number) ? !text : text || Double.isInfinite(number)) {
                        irregular.set(row);
                    }
                }
            }
        }

        /** Each row's texts by column, a run of rows with the same codes sharing one array; null when no column has texts. */
        private String[][] rowTexts() {
            int[] withTexts = new int[codes.length];
            int textColumns = 0;
            for (int column = 0; column < codes.length; column++) {
                if (codes[column] != null) {
                    withTexts[textColumns++] = column;
                }
            }
            if (textColumns == 0) {
                return null;
            }
            withTexts = Arrays.copyOf(withTexts, textColumns);
            String[][] byRow = new String[rows][];
            for (int row = 0; row < rows; row++) {
                if (row > 0 && sameCodes(withTexts, row - 1, row)) {
                    byRow[row] = byRow[row - 1];
                    continue;
                }
                for (int column : withTexts) {
                    if (codes[column][row] != NO_TEXT) {
                        if (byRow[row] == null) {
                            byRow[row] = new String[codes.length];
                        }
                        byRow[row][column] = textOf(row, column);
                    }
                }
            }
            return byRow;
        }

        private String textOf(int row, int column) {
            int code = codes[column][row];
            if (code < 0 || code >= texts[column].length) {
                throw new IllegalArgumentException("text code " + code + " of row " + row + " in column '"
                        + schema.name(column) + "' is outside its " + texts[column].length + " texts");
            }
            return texts[column][code];
        }

        private boolean sameCodes(int[] withTexts, int row, int next) {
            for (int column : withTexts) {
                if (codes[column][row] != codes[column][next]) {
                    return false;
                }
            }
            return true;
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
