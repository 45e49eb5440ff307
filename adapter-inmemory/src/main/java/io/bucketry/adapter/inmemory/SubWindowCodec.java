package io.bucketry.adapter.inmemory;

import java.util.Arrays;

/**
 * A sealed bucket's sub-window summaries as bytes, losslessly: the cells of {@link SubWindowSummaries},
 * sub-window after sub-window, as varints. Its readings count, then per numeric column its count and,
 * when not 0, min, max, sum, first and last as decimals (a double {@code v} that is {@code n / 10^e}
 * exactly, for an {@code e} of 0–6, is the varint of {@code zigzag(n) << 3 | e}; a double within
 * 2^16 units in the last place of such a decimal at the exponent the column's last decimal took, as
 * sums of decimals are, is the escape 7, that decimal's varint and the zigzag varint of the difference
 * of their bits; any other double, −0.0 and infinities included, is the escape, the marker 7 and its
 * 8 bytes) and the first and last
 * times as their offsets from the sub-window's start less those of the column before (in this
 * sub-window or an earlier one), zigzag varints: a periodic series' times then take a byte each where
 * an offset of a minute or more took three. The readings' values are decimals like 21.37, so a
 * value takes 2–3 bytes where a cell takes 8: in simulate {@code --sub-window 5m} with two tiers the
 * summaries of an hour of two numeric fields averaged 527.8 B per bucket, open ones included (688.8 B
 * before the time deltas, the corrected sums and the shared layout), where every bucket held 1,704 as
 * cells. Written here rather than with the sealed bucket codec: its exponent search
 * per column, for these columns of 12 values, had 6,324 samples in a profile of that run, and ingest was
 * 17 % slower (three alternating pairs).
 */
final class SubWindowCodec {

    private static final int MAX_EXPONENT = 6;
    /** In a decimal's 3 low bits: a decimal with a correction follows, or the raw bits (see {@link #RAW}). */
    private static final int ESCAPE = 7;
    /** In the 3 low bits of the varint after {@link #ESCAPE}: the value's 8 raw bytes follow. */
    private static final int RAW = 7;
    /** The most units in the last place a value may lie from a decimal to be written as it and the difference. */
    private static final long MAX_ULPS = 1 << 16;
    private static final double[] POWERS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    /** Beyond this a decimal's integer would not fit its varint with the exponent's 3 bits. */
    private static final double MAX_SCALED = 0x1p52;
    /**
     * The most bytes a cell takes: a varint of a long, 10; raw bits, the escape, the marker and 8 bytes, 10;
     * a corrected decimal, the escape, the decimal's varint (9 for an n near 2^52) and the zigzag varint of
     * the difference (3 for MAX_ULPS). Both of the last two cannot be long at once: n is the scaled value
     * rounded, within half a unit of it, so a difference of more than a few units needs a scaled value
     * below about 2^37, whose varint takes at most 6. At most 11, then; 12 leaves a byte to spare.
     */
    private static final int MAX_CELL = 12;
    /** Room per cell the output starts with: decimals of a few digits, counts and offsets take 1–3 bytes. */
    private static final int EXPECTED_CELL = 4;
    /** Not an integer {@link #exactAt} or {@link #nearestAt} answers: beyond {@link #MAX_SCALED}. */
    private static final long NOT_EXACT = Long.MIN_VALUE;

    private final byte[] bytes;
    private int size;

    private SubWindowCodec(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The cells of {@code summaries}, which hold readings, as bytes that {@link #decode} turns back into them. */
    static byte[] encode(SubWindowSummaries summaries) {
        long[] cells = summaries.cells();
        int stride = summaries.stride();
        // most cells take a few bytes: room for EXPECTED_CELL each, grown so that a sub-window's worst case
        // always fits before it is written, so the writes below need no bound check of their own
        byte[] out = new byte[Math.multiplyExact(cells.length, EXPECTED_CELL)];
        // per column, the exponent its last decimal took: the next of that column most likely takes it too
        int[] exponents = new int[stride];
        // the offsets from its sub-window's start of the column before's first and last times
        long firstOffset = 0;
        long lastOffset = 0;
        int at = 0;
        for (int sub = 0; sub < summaries.perBucket(); sub++) {
            int base = sub * stride;
            if (out.length - at < stride * MAX_CELL) {
                out = Arrays.copyOf(out, Math.max(out.length * 2, at + stride * MAX_CELL));
            }
            long start = summaries.start(sub);
            at = writeVarLong(out, at, cells[base]);
            for (int cell = base + 1; cell < base + stride; cell += SubWindowSummaries.SLOTS) {
                at = writeVarLong(out, at, cells[cell]);
                if (cells[cell] != 0) {
                    int column = cell - base;
                    at = writeDecimal(out, at, cells[cell + 1], exponents, column);
                    at = writeDecimal(out, at, cells[cell + 2], exponents, column);
                    at = writeDecimal(out, at, cells[cell + 3], exponents, column);
                    at = writeVarLong(out, at, zigZag(cells[cell + 4] - start - firstOffset));
                    at = writeDecimal(out, at, cells[cell + 5], exponents, column);
                    at = writeVarLong(out, at, zigZag(cells[cell + 6] - start - lastOffset));
                    at = writeDecimal(out, at, cells[cell + 7], exponents, column);
                    firstOffset = cells[cell + 4] - start;
                    lastOffset = cells[cell + 6] - start;
                }
            }
        }
        return Arrays.copyOf(out, at);
    }

    /**
     * The cells that {@link #encode} wrote to {@code encoded}, for summaries laid out as {@code layout} of the
     * bucket window starting at {@code bucketStart}.
     */
    static long[] decode(byte[] encoded, SubWindowSummaries layout, long bucketStart) {
        int stride = layout.stride();
        long[] cells = new long[Math.multiplyExact(layout.perBucket(), stride)];
        SubWindowCodec in = new SubWindowCodec(encoded);
        long firstOffset = 0;
        long lastOffset = 0;
        for (int sub = 0; sub < layout.perBucket(); sub++) {
            int base = sub * stride;
            long start = layout.start(bucketStart, sub);
            cells[base] = in.readVarLong();
            for (int at = base + 1; at < base + stride; at += SubWindowSummaries.SLOTS) {
                cells[at] = in.readVarLong();
                if (cells[at] != 0) {
                    cells[at + 1] = in.readDecimal();
                    cells[at + 2] = in.readDecimal();
                    cells[at + 3] = in.readDecimal();
                    firstOffset += unZigZag(in.readVarLong());
                    cells[at + 4] = start + firstOffset;
                    cells[at + 5] = in.readDecimal();
                    lastOffset += unZigZag(in.readVarLong());
                    cells[at + 6] = start + lastOffset;
                    cells[at + 7] = in.readDecimal();
                }
            }
        }
        if (in.size != encoded.length) {
            throw new IllegalArgumentException((encoded.length - in.size) + " bytes of sub-window summaries left over");
        }
        return cells;
    }

    /**
     * Writes {@code bits} as a decimal or raw at {@code out[at]}; answers where the next write goes. Tries
     * {@code exponents[column]}, the exponent the column's last decimal took, first: a value exact there is
     * {@code n / 10^e}, and its smallest exponent, the one written, strips n's trailing zeros (a decimal
     * exact at a smaller exponent scales to a multiple of ten at this one, and both divisions are correctly
     * rounded quotients of one rational). Else it writes the decimal nearest the value at that exponent with
     * the difference of their bits when it is at most MAX_ULPS, and only then searches every exponent (in simulate
     * {@code --sub-window 5m} that search had 796 of 34,253 samples when it ran for every value the hint
     * missed). A value exact only at another exponent yet within MAX_ULPS of a decimal at the hint's (a
     * magnitude near 2^52 / 10^e) is then written corrected, not exact: as lossless, a byte or two longer.
     */
    private static int writeDecimal(byte[] out, int at, long bits, int[] exponents, int column) {
        double value = Double.longBitsToDouble(bits);
        int hint = exponents[column];
        long nearest = nearestAt(value, hint);
        if (nearest != NOT_EXACT) {
            // exact when the decode's own arithmetic gives the very bits back (−0.0 never does)
            long ulps = bits - Double.doubleToRawLongBits(nearest / POWERS[hint]);
            if (ulps == 0) {
                return writeVarLong(out, at, decimalHead(nearest, hint));
            }
            // a sum of decimals: 21.37 + 21.38 + … rounds at every addition, and a third of the sums of five
            // such values were no decimal at any exponent, 9 bytes raw where this takes 5
            if (ulps >= -MAX_ULPS && ulps <= MAX_ULPS) {
                int next = writeVarLong(out, at, ESCAPE);
                next = writeVarLong(out, next, decimalHead(nearest, hint));
                return writeVarLong(out, next, zigZag(ulps));
            }
        }
        for (int exponent = 0; exponent <= MAX_EXPONENT; exponent++) {
            long integer = exactAt(value, bits, exponent);
            if (integer != NOT_EXACT) {
                exponents[column] = exponent;
                return writeVarLong(out, at, decimalHead(integer, exponent));
            }
        }
        int next = writeVarLong(out, writeVarLong(out, at, ESCAPE), RAW);
        for (int i = 0; i < 8; i++) {
            out[next++] = (byte) (bits >>> 8 * i);
        }
        return next;
    }

    /** The integer nearest {@code value} scaled by 10^{@code exponent}, or {@link #NOT_EXACT} beyond {@link #MAX_SCALED} or for NaN. */
    private static long nearestAt(double value, int exponent) {
        double scaled = value * POWERS[exponent];
        return Math.abs(scaled) < MAX_SCALED ? (long) Math.rint(scaled) : NOT_EXACT;
    }

    /**
     * The varint head of the decimal {@code integer / 10^exponent} with the fewest digits: trailing zeros
     * stripped, since (n / 10) / 10^(e-1) is n / 10^e (both are the correctly rounded quotient of one rational).
     */
    private static long decimalHead(long integer, int exponent) {
        long n = integer;
        int e = exponent;
        while (e > 0 && n % 10 == 0) {
            n /= 10;
            e--;
        }
        return zigZag(n) << 3 | e;
    }

    /** The integer n of {@code value} (whose bits are {@code bits}) as exactly {@code n / 10^exponent}, or {@link #NOT_EXACT}. */
    private static long exactAt(double value, long bits, int exponent) {
        double scaled = value * POWERS[exponent];
        if (Math.abs(scaled) >= MAX_SCALED) {
            return NOT_EXACT;
        }
        long integer = (long) Math.rint(scaled);
        // exact only if the decode's own arithmetic gives the very bits back (−0.0 never does); a value
        // n / 10^e scales back to n within 2 roundings (|error| <= |n| 2^-52), so a scaled value further
        // from an integer is not one and skips the division, which most exponents tried failed after
        if (Math.abs(scaled - integer) <= Math.abs(scaled) * 0x1p-50
                && Double.doubleToRawLongBits(integer / POWERS[exponent]) == bits) {
            return integer;
        }
        return NOT_EXACT;
    }

    private long readDecimal() {
        long head = readVarLong();
        int exponent = (int) (head & 7);
        if (exponent != ESCAPE) {
            return Double.doubleToRawLongBits(unZigZag(head >>> 3) / POWERS[exponent]);
        }
        long escaped = readVarLong();
        exponent = (int) (escaped & 7);
        if (exponent == RAW) {
            long bits = 0;
            for (int i = 0; i < 8; i++) {
                bits |= (bytes[size++] & 0xFFL) << 8 * i;
            }
            return bits;
        }
        return Double.doubleToRawLongBits(unZigZag(escaped >>> 3) / POWERS[exponent]) + unZigZag(readVarLong());
    }

    private static long zigZag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    private static long unZigZag(long zigZag) {
        return (zigZag >>> 1) ^ -(zigZag & 1);
    }

    /** Writes {@code unsigned} as a varint at {@code out[at]}; answers where the next write goes. */
    private static int writeVarLong(byte[] out, int at, long unsigned) {
        long rest = unsigned;
        int next = at;
        while ((rest & ~0x7FL) != 0) {
            out[next++] = (byte) ((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out[next++] = (byte) rest;
        return next;
    }

    private long readVarLong() {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = bytes[size++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
    }
}
