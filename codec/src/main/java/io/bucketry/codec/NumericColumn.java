package io.bucketry.codec;

import java.util.BitSet;

/** A numeric field of a sealed bucket: one double per row, any double bit for bit, or absent. */
public final class NumericColumn implements Column {

    private final double[] values;
    private final BitSet absent;

    private NumericColumn(double[] values, BitSet absent) {
        this.values = values;
        this.absent = absent;
    }

    /** Every row present. */
    public static NumericColumn of(double... values) {
        return new NumericColumn(values.clone(), new BitSet());
    }

    /** The rows set in {@code absent} lack the field; their entry in {@code values} is ignored. */
    public static NumericColumn of(double[] values, BitSet absent) {
        return owning(values.clone(), (BitSet) absent.clone());
    }

    /**
     * As {@link #of(double[], BitSet)}, taking {@code values} and {@code absent} as they are, without a
     * copy: for an encoder that builds them for this column alone and never changes them after.
     */
    public static NumericColumn owning(double[] values, BitSet absent) {
        if (absent.length() > values.length) {
            throw new IllegalArgumentException("absent row " + (absent.length() - 1) + " is beyond the column's "
                    + values.length + " rows");
        }
        return new NumericColumn(values, absent);
    }

    /** From the decoder: every row's entry (ignored at an absent row), both handed over. */
    static NumericColumn decoded(double[] values, BitSet absent) {
        return new NumericColumn(values, absent);
    }

    /** The value of {@code row}; fails for an absent row. */
    public double value(int row) {
        if (absent.get(row)) {
            throw new IllegalArgumentException("row " + row + " has no value");
        }
        return values[row];
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean isAbsent(int row) {
        return absent.get(row);
    }

    BitSet absent() {
        return absent;
    }

    /** The present values in row order. */
    double[] present() {
        if (absent.isEmpty()) {
            return values;
        }
        double[] present = new double[values.length - absent.cardinality()];
        for (int row = 0, next = 0; row < values.length; row++) {
            if (!absent.get(row)) {
                present[next++] = values[row];
            }
        }
        return present;
    }
}
