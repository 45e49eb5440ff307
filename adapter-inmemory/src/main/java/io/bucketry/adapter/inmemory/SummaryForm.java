package io.bucketry.adapter.inmemory;

import java.io.ByteArrayOutputStream;

/**
 * One column's summary (min, max, sum) in a sealed bucket's header ({@link SealedHeader}), as short
 * decimals where the data are decimals: a readings' min and max are values that came in, often with a
 * few digits (21.37), and their sum lies a few ulps from a decimal of the same digits. Layout: a scale
 * byte {@code s}, then the zig-zag varints of {@code m = round(min·10^s)}, {@code round(max·10^s) − m}
 * and {@code round(sum·10^s)}, then the zig-zag varint of the sum's raw bits minus those of its decimal. Min
 * and max are stored so only when that decimal divided by 10^s gives back their very bits, the sum
 * always exactly through its bit difference; a column that is not decimal at any scale up to
 * {@value #MAX_SCALE} (random doubles, NaN, −0.0, infinities) is {@link #RAW}: scale byte then 24
 * bytes of raw little-endian doubles, as before.
 */
final class SummaryForm {

    static final int MAX_SCALE = 15;
    /** The scale byte of a column stored as three raw doubles. */
    static final int RAW = 0xFF;
    /** Below 2^53 a long converts to a double exactly, so a decimal's value is one correctly rounded division. */
    private static final long EXACT = 1L << 53;
    private static final double[] POWERS = new double[MAX_SCALE + 1];

    static {
        double power = 1;
        for (int scale = 0; scale <= MAX_SCALE; scale++) {
            POWERS[scale] = power;   // 10^15 < 2^53: every power is exact
            power *= 10;
        }
    }

    private SummaryForm() {
    }

    /** Writes the summary of min, max and sum (raw bits) to {@code out}. */
    static void write(ByteArrayOutputStream out, long minBits, long maxBits, long sumBits) {
        double min = Double.longBitsToDouble(minBits);
        double max = Double.longBitsToDouble(maxBits);
        double sum = Double.longBitsToDouble(sumBits);
        int scale = Math.max(scaleOf(min), scaleOf(max));
        if (scale > MAX_SCALE || !exactAt(min, scale) || !exactAt(max, scale) || !fits(sum, scale)) {
            out.write(RAW);
            VarInts.writeRawLong(out, minBits);
            VarInts.writeRawLong(out, maxBits);
            VarInts.writeRawLong(out, sumBits);
            return;
        }
        double power = POWERS[scale];
        long minDigits = Math.round(min * power);
        long sumDigits = Math.round(sum * power);
        out.write(scale);
        VarInts.writeZigZag(out, minDigits);
        VarInts.writeZigZag(out, Math.round(max * power) - minDigits);   // below 2^54: a max lies near its min
        VarInts.writeZigZag(out, sumDigits);
        VarInts.writeZigZag(out, sumBits - Double.doubleToRawLongBits(sumDigits / power));
    }

    /** The smallest scale at which {@code value} is a decimal that gives back its bits; above {@link #MAX_SCALE} when none. */
    static int scaleOf(double value) {
        for (int scale = 0; scale <= MAX_SCALE && fits(value, scale); scale++) {
            if (exactAt(value, scale)) {
                return scale;
            }
        }
        return MAX_SCALE + 1;
    }

    /** True when {@code value} is {@code round(value·10^scale) / 10^scale}, bit for bit (−0.0 never is). */
    private static boolean exactAt(double value, int scale) {
        return fits(value, scale) && Double.doubleToRawLongBits(Math.round(value * POWERS[scale]) / POWERS[scale])
                == Double.doubleToRawLongBits(value);
    }

    private static boolean fits(double value, int scale) {
        return Math.abs(value * POWERS[scale]) < EXACT;   // false for NaN and infinities
    }

    /** Reads the summary at {@code at} into {@code into} (min, max, sum); answers where it ends. */
    static int read(byte[] bytes, int at, double[] into) {
        int scale = bytes[at] & 0xFF;
        int next = at + 1;
        if (scale == RAW) {
            into[0] = Double.longBitsToDouble(VarInts.rawLongAt(bytes, next));
            into[1] = Double.longBitsToDouble(VarInts.rawLongAt(bytes, next + 8));
            into[2] = Double.longBitsToDouble(VarInts.rawLongAt(bytes, next + 16));
            return next + 24;
        }
        double power = POWERS[scale];
        long minDigits = VarInts.zigZagAt(bytes, next);
        next = VarInts.skip(bytes, next);
        into[0] = minDigits / power;
        into[1] = (minDigits + VarInts.zigZagAt(bytes, next)) / power;
        next = VarInts.skip(bytes, next);
        long sumBits = Double.doubleToRawLongBits(VarInts.zigZagAt(bytes, next) / power);
        next = VarInts.skip(bytes, next);
        into[2] = Double.longBitsToDouble(sumBits + VarInts.zigZagAt(bytes, next));
        return VarInts.skip(bytes, next);
    }

    /** Where the summary at {@code at} ends, without reading it. */
    static int skip(byte[] bytes, int at) {
        if ((bytes[at] & 0xFF) == RAW) {
            return at + 25;
        }
        int next = at + 1;
        for (int number = 0; number < 4; number++) {
            next = VarInts.skip(bytes, next);
        }
        return next;
    }
}
