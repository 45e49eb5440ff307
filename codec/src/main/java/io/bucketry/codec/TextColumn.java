package io.bucketry.codec;

import java.util.BitSet;

/** A text field of a sealed bucket: one Java string per row (any string, lone surrogates too), or absent. */
public final class TextColumn implements Column {

    private final String[] values;

    private TextColumn(String[] values) {
        this.values = values;
    }

    /** One text per row; {@code null} marks an absent row. */
    public static TextColumn of(String... values) {
        return new TextColumn(values.clone());
    }

    /** As {@link #of(String...)}, taking {@code values} as it is, without a copy (it must not change after). */
    public static TextColumn owning(String[] values) {
        return new TextColumn(values);
    }

    /** The text of {@code row}, {@code null} when absent. */
    public String value(int row) {
        return values[row];
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean isAbsent(int row) {
        return values[row] == null;
    }

    BitSet absent() {
        BitSet absent = new BitSet();
        for (int row = 0; row < values.length; row++) {
            absent.set(row, values[row] == null);
        }
        return absent;
    }

    /** The present texts in row order. */
    String[] present() {
        int present = 0;
        for (String value : values) {
            present += value == null ? 0 : 1;
        }
        if (present == values.length) {
            return values;
        }
        String[] texts = new String[present];
        for (int row = 0, next = 0; row < values.length; row++) {
            if (values[row] != null) {
                texts[next++] = values[row];
            }
        }
        return texts;
    }

    /** From the decoder: one text per row, null at an absent one, handed over. */
    static TextColumn decoded(String[] values) {
        return new TextColumn(values);
    }
}
