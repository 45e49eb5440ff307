package io.bucketry.domain;

import java.util.Objects;

/**
 * The fields of a run of readings given column by column, as a store decodes a bucket: per column of a
 * {@link FieldSchema}, a number per row and/or a text per row (a code into that column's texts).
 * {@link #fieldsAt} builds one row's Fields from them. The texts are checked once, when given, and
 * rows in a run with the same texts ("OK", "OK", …) share one array of them (Fields never change
 * theirs); a full row (every column given) shares the schema itself. The numbers are read from the
 * caller's arrays, not copied (a decoded bucket's columns, say): each is checked as its row is built,
 * so no Fields holds a value a reading may not, whatever the caller does with its arrays.
 */
public final class FieldColumns {

    /** Marks a row without a text in a column's codes. */
    public static final int NO_TEXT = -1;

    private final FieldSchema schema;
    private final int rows;
    /** Per column, the caller's numbers (NaN where a row has none), or null. */
    private final double[][] numbers;
    /** Per row, its text of each column (null where it has none), or null when it has no text. */
    private final String[][] rowTexts;

    private FieldColumns(FieldSchema schema, int rows, double[][] numbers, String[][] rowTexts) {
        this.schema = schema;
        this.rows = rows;
        this.numbers = numbers;
        this.rowTexts = rowTexts;
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
        int columns = numbers.length;
        double[] values = new double[columns];
        String[] texts = rowTexts[row];
        int given = 0;
        for (int column = 0; column < columns; column++) {
            double[] number = numbers[column];
            boolean text = texts != null && texts[column] != null;
            if (number != null && !Double.isNaN(number[row])) {
                if (text) {
                    throw new IllegalArgumentException("row " + row + " holds both a number and a text in column '"
                            + schema.name(column) + "'");
                }
                values[column] = FieldValue.requireFinite(schema.name(column), number[row]);
                given++;
            } else {
                values[column] = Double.NaN;
                given += text ? 1 : 0;
            }
        }
        if (given < columns) {
            return some(values, texts);
        }
        Fields.requireFieldCount(given);
        return Fields.ofChecked(schema, values, texts);
    }

    /** A row lacking some columns: its names are a schema of their own, built as any partial Fields are. */
    private Fields some(double[] values, String[] texts) {
        Fields.Builder fields = Fields.builder(schema);
        for (int column = 0; column < values.length; column++) {
            if (!Double.isNaN(values[column])) {
                fields.number(column, values[column]);
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

        /** The numbers of {@code column}, one per row from index 0 (NaN: the row has no number there), read when a row is built. */
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

        /** The columns, each row's texts looked up now. */
        public FieldColumns build() {
            String[][] byRow = new String[rows][];
            for (int row = 0; row < rows; row++) {
                if (row > 0 && sameCodes(row - 1, row)) {
                    byRow[row] = byRow[row - 1];
                    continue;
                }
                for (int column = 0; column < codes.length; column++) {
                    if (codes[column] != null && codes[column][row] != NO_TEXT) {
                        if (byRow[row] == null) {
                            byRow[row] = new String[codes.length];
                        }
                        byRow[row][column] = textOf(row, column);
                    }
                }
            }
            return new FieldColumns(schema, rows, numbers.clone(), byRow);
        }

        private String textOf(int row, int column) {
            int code = codes[column][row];
            if (code < 0 || code >= texts[column].length) {
                throw new IllegalArgumentException("text code " + code + " of row " + row + " in column '"
                        + schema.name(column) + "' is outside its " + texts[column].length + " texts");
            }
            return texts[column][code];
        }

        private boolean sameCodes(int row, int next) {
            for (int[] code : codes) {
                if (code != null && code[row] != code[next]) {
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
