package io.bucketry.domain;

import java.util.BitSet;

/**
 * The rows of {@link FieldColumns} that are not simply full and valid: marked column by column as the
 * columns are built, then each checked and built one by one.
 */
final class IrregularRows {

    private IrregularRows() {
    }

    /** Marks each row where {@code column} holds no value or a bad one (a column never given numbers is NaN throughout). */
    static void mark(int column, int columns, boolean numbered, int[] code, int rows, double[] numbers, BitSet irregular) {
        if (!numbered) {   // texts or nothing: a row without a text lacks the column
            for (int row = 0, at = column; row < rows; row++, at += columns) {
                numbers[at] = Double.NaN;
                if (code == null || code[row] == FieldColumns.NO_TEXT) {
                    irregular.set(row);
                }
            }
        } else if (code == null) {   // numbers alone, the usual column: NaN (absent) and infinities are not finite
            for (int row = 0, at = column; row < rows; row++, at += columns) {
                if (!Double.isFinite(numbers[at])) {
                    irregular.set(row);
                }
            }
        } else {
            for (int row = 0, at = column; row < rows; row++, at += columns) {
                double number = numbers[at];
                boolean text = code[row] != FieldColumns.NO_TEXT;
                if (Double.isNaN(number) ? !text : text || Double.isInfinite(number)) {
                    irregular.set(row);
                }
            }
        }
    }

    /** Each value of the row checked, then its count of fields. */
    static void check(FieldSchema schema, double[] numbers, String[] texts, int row, int offset) {
        int given = 0;
        for (int column = 0; column < schema.size(); column++) {
            double number = numbers[offset + column];
            boolean text = texts != null && texts[column] != null;
            if (!Double.isNaN(number)) {
                if (text) {
                    throw new IllegalArgumentException("row " + row + " holds both a number and a text in column '"
                            + schema.name(column) + "'");
                }
                FieldValue.requireFinite(schema.name(column), number);
                given++;
            } else if (text) {
                given++;
            }
        }
        Fields.requireFieldCount(given);
    }

    /** A row's Fields by the builder: a row lacking some columns has a schema of its own. */
    static Fields build(FieldSchema schema, double[] numbers, int offset, String[] texts) {
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
}
