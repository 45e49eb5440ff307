package io.bucketry.domain;

/**
 * The texts of a run of rows, row by row, from each column's codes into its texts ({@link FieldColumns}):
 * a run of rows with the same codes ("OK", "OK", …) shares one array, since Fields never change theirs.
 */
final class RowTexts {

    private RowTexts() {
    }

    /**
     * Per row of {@code rows}, its text of each column (null where it has none), or null when it has no
     * text; null when no column has texts. {@code codes[column]} and {@code texts[column]} are a column's
     * codes per row ({@link FieldColumns#NO_TEXT} where it has none) and its texts, or null.
     *
     * @throws IllegalArgumentException naming a code that is none of its column's texts
     */
    static String[][] of(FieldSchema schema, int rows, int[][] codes, String[][] texts) {
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
        boolean[] changed = changedRows(codes, rows, withTexts, textColumns);
        String[][] byRow = new String[rows][];
        for (int row = 0; row < rows; row++) {
            if (row > 0 && !changed[row]) {
                byRow[row] = byRow[row - 1];
                continue;
            }
            for (int i = 0; i < textColumns; i++) {
                int column = withTexts[i];
                if (codes[column][row] != FieldColumns.NO_TEXT) {
                    if (byRow[row] == null) {
                        byRow[row] = new String[codes.length];
                    }
                    byRow[row][column] = textOf(schema, codes, texts, row, column);
                }
            }
        }
        return byRow;
    }

    private static String textOf(FieldSchema schema, int[][] codes, String[][] texts, int row, int column) {
        int code = codes[column][row];
        if (code < 0 || code >= texts[column].length) {
            throw new IllegalArgumentException("text code " + code + " of row " + row + " in column '"
                    + schema.name(column) + "' is outside its " + texts[column].length + " texts");
        }
        return texts[column][code];
    }

    /**
     * Per row, whether a code differs from the row before's in one of the first {@code textColumns} of
     * {@code withTexts}: column by column, each a straight pass over one array (row by row, comparing
     * across the columns' arrays, was over a third of a decoded bucket's build).
     */
    private static boolean[] changedRows(int[][] codes, int rows, int[] withTexts, int textColumns) {
        boolean[] changed = new boolean[rows];
        for (int i = 0; i < textColumns; i++) {
            int[] code = codes[withTexts[i]];
            for (int row = 1; row < rows; row++) {
                changed[row] |= code[row] != code[row - 1];
            }
        }
        return changed;
    }
}
