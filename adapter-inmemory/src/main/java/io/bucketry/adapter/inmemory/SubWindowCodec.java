package io.bucketry.adapter.inmemory;

import java.util.Arrays;

/**
 * A sealed bucket's sub-window summaries as bytes, losslessly: the cells of {@link SubWindowSummaries},
 * sub-window after sub-window, as varints. A sub-window's reading count, then per numeric column the
 * varint of its count shifted left by two with two flags, 0 when the column has no number there.
 * <ul>
 *   <li>Flag 1, the values as integers: min, max, sum, first and last are the integers n of
 *       {@code n / 10^e} at one exponent e of 0–6 (the sum within 2^16 units in the last place of one,
 *       since sums of decimals round). Written: the zigzag varint of the min's integer less that of the
 *       column's previous integer min when it was at the same exponent (else less 0), shifted left by
 *       three with e; the max's integer less the min's (never negative);
 *       the sum's integer less count times the min's (below 2^62 either way), zigzag, shifted left by one
 *       with a flag for a bit difference, that difference's zigzag varint after it; then the times (flag 2);
 *       then the first's and the last's integers less the min's (never negative). A reading's neighbours
 *       differ by little, so a value takes a byte or two where a decimal of its own took three.</li>
 *   <li>Else min, max, sum, the times (flag 2), first and last, each value as a decimal:
 *       {@code zigzag(n) << 3 | e}; a double within 2^16 ulps of a decimal at the exponent the column's
 *       last decimal took is the escape 7, that decimal's varint and the zigzag varint of the difference of
 *       their bits; any other double, −0.0 and infinities included, is the escape, the marker 7 and its 8
 *       bytes.</li>
 *   <li>Flag 2, the times as before: the first and last times' offsets from the sub-window's start are
 *       those of the column before (in this sub-window or an earlier one), as a periodic series' are, and
 *       are not written; else both follow as zigzag varints of their difference to those.</li>
 * </ul>
 * Written here rather than with the sealed bucket codec, whose exponent search per column costs more
 * than these columns of 12 values are worth (sizes and the measurement: docs/benchmarks.md).
 */
final class SubWindowCodec {

    private static final int MAX_EXPONENT = 6;
    /** In a decimal's 3 low bits: a decimal with a correction follows, or the raw bits (see {@link #RAW}). */
    private static final int ESCAPE = 7;
    /** In the 3 low bits of the varint after {@link #ESCAPE}: the value's 8 raw bytes follow. */
    private static final int RAW = 7;
    /** In a column's count varint: its values are integers at one exponent. */
    private static final int INTEGERS = 1;
    /** In a column's count varint: its times' offsets are the column before's. */
    private static final int SAME_TIMES = 2;
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
     * below about 2^37, whose varint takes at most 6. At most 11, then. As integers a column's eight cells
     * take at most 76: the count 10, the min 9, the max, the first and the last 8 each, the sum 10 and its bit
     * difference 3, the times 10 each. Either way 14 a cell covers it.
     */
    private static final int MAX_CELL = 14;
    /** Room per cell the output starts with: integers of a few digits, counts and offsets take 1–3 bytes. */
    private static final int EXPECTED_CELL = 2;
    /** The sum's integer less count times the min's stays below this, so that its zigzag keeps its top bit shifted. */
    private static final long MAX_SUM_OVER = 1L << 62;
    /** Not an integer {@link #exactAt} or {@link #nearestAt} answers: beyond {@link #MAX_SCALED}. */
    private static final long NOT_EXACT = Long.MIN_VALUE;
    /** No integer min of the column yet: a column's first one is written less 0. */
    private static final int NO_EXPONENT = -1;

    private final byte[] bytes;
    private int size;

    private SubWindowCodec(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The cells of {@code summaries}, which hold readings, as bytes that {@link #decode} turns back into them. */
    static byte[] encode(SubWindowSummaries summaries) {
        long[] cells = summaries.cells();
        int stride = summaries.stride();
        Writer writer = new Writer(stride, cells.length);
        for (int sub = 0; sub < summaries.perBucket(); sub++) {
            int base = sub * stride;
            writer.subWindow(summaries.start(sub), cells[base]);
            for (int cell = base + 1; cell < base + stride; cell += SubWindowSummaries.SLOTS) {
                writer.span((cell - base) / SubWindowSummaries.SLOTS, cells[cell], cells[cell + 1], cells[cell + 2],
                        cells[cell + 3], cells[cell + 4], cells[cell + 5], cells[cell + 6], cells[cell + 7]);
            }
        }
        return writer.bytes();
    }

    /**
     * Writes summaries sub-window after sub-window, {@link #subWindow} then {@link #span} for each column
     * of the layout in order, with the state the encoding carries from one to the next (per column: the
     * exponent of its last decimal and its last integer min; the offsets of the column before's times).
     */
    static final class Writer {

        private final int stride;
        private byte[] out;
        private int at;
        /** Per numeric column: the exponent its last decimal took; the next of that column most likely takes it too. */
        private final int[] exponents;
        /** Per numeric column: its last integer min and that min's exponent ({@link #NO_EXPONENT} before one). */
        private final long[] mins;
        private final int[] minExponents;
        private long start;
        /** The integers of the span being written, at its exponent ({@link #integerExponent}); the sum's the nearest. */
        private long nMin;
        private long nSum;
        private long nMax;
        private long nFirst;
        private long nLast;
        /** The offsets from its sub-window's start of the column before's first and last times. */
        private long firstOffset;
        private long lastOffset;

        /** A writer of summaries of {@code stride} longs per sub-window, {@code cells} longs in all. */
        Writer(int stride, int cells) {
            this.stride = stride;
            // most cells take a byte or two: room for EXPECTED_CELL each, grown so that a sub-window's worst
            // case always fits before it is written, so the writes below need no bound check of their own
            this.out = new byte[Math.addExact(Math.multiplyExact(cells, EXPECTED_CELL),
                    Math.multiplyExact(stride, MAX_CELL))];
            int columns = stride / SubWindowSummaries.SLOTS;
            this.exponents = new int[columns];
            this.mins = new long[columns];
            this.minExponents = new int[columns];
            Arrays.fill(minExponents, NO_EXPONENT);
        }

        /** Starts the sub-window starting at {@code start} and holding {@code readings} readings. */
        void subWindow(long start, long readings) {
            if (out.length - at < stride * MAX_CELL) {
                out = Arrays.copyOf(out, Math.max(out.length * 2, at + stride * MAX_CELL));
            }
            this.start = start;
            at = writeVarLong(out, at, readings);
        }

        /**
         * The span of the {@code column}-th numeric column of the layout (counting from 0), as the cells hold
         * it: {@code count} 0 for none (the rest is then not read).
         */
        void span(int column, long count, long min, long max, long sum, long firstTime, long first, long lastTime,
                  long last) {
            if (count == 0) {
                noSpan();
                return;
            }
            long firstAt = firstTime - start;
            long lastAt = lastTime - start;
            boolean sameTimes = firstAt == firstOffset && lastAt == lastOffset;
            int e = integerExponent(column, min, max, sum, first, last);
            long ulps = e == NO_EXPONENT ? 0 : sum - bitsOf(nSum, e);
            // the difference is wrapped alike both ways; it must only keep its top bits through zigzag and the flag
            long sumOver = nSum - count * nMin;
            boolean integers = e != NO_EXPONENT && sumOver > -MAX_SUM_OVER && sumOver < MAX_SUM_OVER;
            at = writeVarLong(out, at, count << 2 | (integers ? INTEGERS : 0) | (sameTimes ? SAME_TIMES : 0));
            if (integers) {
                long reference = minExponents[column] == e ? mins[column] : 0;
                mins[column] = nMin;
                minExponents[column] = e;
                exponents[column] = e;
                at = writeVarLong(out, at, zigZag(nMin - reference) << 3 | e);
                at = writeVarLong(out, at, nMax - nMin);
                at = writeVarLong(out, at, zigZag(sumOver) << 1 | (ulps == 0 ? 0 : 1));
                if (ulps != 0) {
                    at = writeVarLong(out, at, zigZag(ulps));
                }
                writeTimes(sameTimes, firstAt, lastAt);
                at = writeVarLong(out, at, nFirst - nMin);
                at = writeVarLong(out, at, nLast - nMin);
            } else {
                at = writeDecimal(out, at, min, exponents, column);
                at = writeDecimal(out, at, max, exponents, column);
                at = writeDecimal(out, at, sum, exponents, column);
                writeTimes(sameTimes, firstAt, lastAt);
                at = writeDecimal(out, at, first, exponents, column);
                at = writeDecimal(out, at, last, exponents, column);
            }
            firstOffset = firstAt;
            lastOffset = lastAt;
        }

        /** A column of the layout without a number in this sub-window. */
        void noSpan() {
            at = writeVarLong(out, at, 0);
        }

        private void writeTimes(boolean same, long firstAt, long lastAt) {
            if (!same) {
                at = writeVarLong(out, at, zigZag(firstAt - firstOffset));
                at = writeVarLong(out, at, zigZag(lastAt - lastOffset));
            }
        }

        /**
         * The exponent at which min, max, first and last (bits) are exact decimals, none below the min, and
         * the sum is within {@link #MAX_ULPS} of an integer, with the fewest digits; those integers are left
         * in {@link #nMin} and the others (the sum's the nearest). The column's last exponent first (a steady
         * column keeps it), else the largest of the smallest each of the four is exact at; raised until the
         * sum is near an integer (1.0, 1.5 and 2.0: min, max, first and last are whole, their sum 4.5 is
         * not); then the trailing zeros all five share are stripped. {@link #NO_EXPONENT} when there is none.
         */
        private int integerExponent(int column, long min, long max, long sum, long first, long last) {
            int e = exponents[column];
            if (!integersAt(e, min, max, first, last)) {
                e = Math.max(fewestExponent(min), fewestExponent(max));
                if (e <= MAX_EXPONENT) {
                    e = Math.max(e, Math.max(fewestExponent(first), fewestExponent(last)));
                }
                if (e > MAX_EXPONENT || !integersAt(e, min, max, first, last)) {
                    return NO_EXPONENT;
                }
            }
            // a value between min and max may have more digits than all four: then the sum needs them too
            nSum = nearestAt(Double.longBitsToDouble(sum), e);
            while (!near(sum, nSum, e) && e < MAX_EXPONENT && integersAt(e + 1, min, max, first, last)) {
                e++;
                nSum = nearestAt(Double.longBitsToDouble(sum), e);
            }
            if (!near(sum, nSum, e) || nMax < nMin || nFirst < nMin || nLast < nMin) {
                return NO_EXPONENT;
            }
            while (e > 0 && nMin % 10 == 0 && nMax % 10 == 0 && nFirst % 10 == 0 && nLast % 10 == 0 && nSum % 10 == 0) {
                nMin /= 10;
                nMax /= 10;
                nFirst /= 10;
                nLast /= 10;
                nSum /= 10;   // the same rational at one exponent less: the same double, the same bit difference
                e--;
            }
            return e;
        }

        /** Whether {@code integer}, nearest the sum (bits) at {@code e}, is within {@link #MAX_ULPS} of it. */
        private static boolean near(long sum, long integer, int e) {
            if (integer == NOT_EXACT) {
                return false;
            }
            return withinUlps(sum - bitsOf(integer, e));
        }

        /** Whether the four are exact decimals at {@code e}; their integers are then in {@link #nMin} and the others. */
        private boolean integersAt(int e, long min, long max, long first, long last) {
            nMin = exactAt(Double.longBitsToDouble(min), min, e);
            nMax = exactAt(Double.longBitsToDouble(max), max, e);
            nFirst = exactAt(Double.longBitsToDouble(first), first, e);
            nLast = exactAt(Double.longBitsToDouble(last), last, e);
            return nMin != NOT_EXACT && nMax != NOT_EXACT && nFirst != NOT_EXACT && nLast != NOT_EXACT;
        }

        /** The bytes written so far, trimmed. */
        byte[] bytes() {
            return Arrays.copyOf(out, at);
        }
    }

    /** The smallest exponent at which {@code bits} is an exact decimal, or more than {@link #MAX_EXPONENT}. */
    private static int fewestExponent(long bits) {
        double value = Double.longBitsToDouble(bits);
        int exponent = 0;
        while (exponent <= MAX_EXPONENT && exactAt(value, bits, exponent) == NOT_EXACT) {
            exponent++;
        }
        return exponent;
    }

    /**
     * The cells that {@link #encode} wrote to {@code encoded}, for summaries laid out as {@code layout} of the
     * bucket window starting at {@code bucketStart}.
     */
    static long[] decode(byte[] encoded, SubWindowSummaries layout, long bucketStart) {
        int stride = layout.stride();
        long[] cells = new long[Math.multiplyExact(layout.perBucket(), stride)];
        long[] mins = new long[stride / SubWindowSummaries.SLOTS];
        int[] minExponents = new int[mins.length];
        Arrays.fill(minExponents, NO_EXPONENT);
        SubWindowCodec in = new SubWindowCodec(encoded);
        long firstOffset = 0;
        long lastOffset = 0;
        for (int sub = 0; sub < layout.perBucket(); sub++) {
            int base = sub * stride;
            long start = layout.start(bucketStart, sub);
            cells[base] = in.readVarLong();
            for (int at = base + 1; at < base + stride; at += SubWindowSummaries.SLOTS) {
                long head = in.readVarLong();
                long count = head >>> 2;
                cells[at] = count;
                if (count == 0) {
                    continue;
                }
                boolean sameTimes = (head & SAME_TIMES) != 0;
                if ((head & INTEGERS) != 0) {
                    int column = (at - base) / SubWindowSummaries.SLOTS;
                    long minHead = in.readVarLong();
                    int e = (int) (minHead & 7);
                    long nMin = unZigZag(minHead >>> 3) + (minExponents[column] == e ? mins[column] : 0);
                    mins[column] = nMin;
                    minExponents[column] = e;
                    cells[at + 1] = bitsOf(nMin, e);
                    cells[at + 2] = bitsOf(nMin + in.readVarLong(), e);
                    long sumHead = in.readVarLong();
                    long sum = bitsOf(unZigZag(sumHead >>> 1) + count * nMin, e);
                    cells[at + 3] = (sumHead & 1) == 0 ? sum : sum + unZigZag(in.readVarLong());
                    firstOffset += sameTimes ? 0 : unZigZag(in.readVarLong());
                    lastOffset += sameTimes ? 0 : unZigZag(in.readVarLong());
                    cells[at + 5] = bitsOf(nMin + in.readVarLong(), e);
                    cells[at + 7] = bitsOf(nMin + in.readVarLong(), e);
                } else {
                    cells[at + 1] = in.readDecimal();
                    cells[at + 2] = in.readDecimal();
                    cells[at + 3] = in.readDecimal();
                    firstOffset += sameTimes ? 0 : unZigZag(in.readVarLong());
                    lastOffset += sameTimes ? 0 : unZigZag(in.readVarLong());
                    cells[at + 5] = in.readDecimal();
                    cells[at + 7] = in.readDecimal();
                }
                cells[at + 4] = start + firstOffset;
                cells[at + 6] = start + lastOffset;
            }
        }
        if (in.size != encoded.length) {
            throw new IllegalArgumentException((encoded.length - in.size) + " bytes of sub-window summaries left over");
        }
        return cells;
    }

    /** True when a value {@code ulps} units in the last place from a decimal may be written as it and the difference. */
    private static boolean withinUlps(long ulps) {
        return ulps >= -MAX_ULPS && ulps <= MAX_ULPS;
    }

    /** The bits of the decimal {@code integer / 10^exponent}, as the decoder computes them. */
    private static long bitsOf(long integer, int exponent) {
        return Double.doubleToRawLongBits(integer / POWERS[exponent]);
    }

    /**
     * Writes {@code bits} as a decimal or raw at {@code out[at]}; answers where the next write goes. Tries
     * {@code exponents[column]}, the exponent the column's last decimal took, first: a value exact there is
     * {@code n / 10^e}, and its smallest exponent, the one written, strips n's trailing zeros (a decimal
     * exact at a smaller exponent scales to a multiple of ten at this one, and both divisions are correctly
     * rounded quotients of one rational). Else it writes the decimal nearest the value at that exponent with
     * the difference of their bits when it is at most MAX_ULPS, and only then searches every exponent (the
     * search is the costly path, so it runs only where the hint misses). A value exact only at another
     * exponent yet within MAX_ULPS of a decimal at the hint's (a
     * magnitude near 2^52 / 10^e) is then written corrected, not exact: as lossless, a byte or two longer.
     */
    private static int writeDecimal(byte[] out, int at, long bits, int[] exponents, int column) {
        double value = Double.longBitsToDouble(bits);
        int hint = exponents[column];
        long nearest = nearestAt(value, hint);
        if (nearest != NOT_EXACT) {
            // exact when the decode's own arithmetic gives the very bits back (−0.0 never does)
            long ulps = bits - bitsOf(nearest, hint);
            if (ulps == 0) {
                return writeVarLong(out, at, decimalHead(nearest, hint));
            }
            // a sum of decimals: 21.37 + 21.38 + … rounds at every addition, and a third of the sums of five
            // such values were no decimal at any exponent, 9 bytes raw where this takes 5
            if (withinUlps(ulps)) {
                int next = writeVarLong(out, at, ESCAPE);
                next = writeVarLong(out, next, decimalHead(nearest, hint));
                return writeVarLong(out, next, zigZag(ulps));
            }
        }
        int exponent = fewestExponent(bits);
        if (exponent <= MAX_EXPONENT) {
            exponents[column] = exponent;
            return writeVarLong(out, at, decimalHead(exactAt(value, bits, exponent), exponent));
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
                && bitsOf(integer, exponent) == bits) {
            return integer;
        }
        return NOT_EXACT;
    }

    private long readDecimal() {
        long head = readVarLong();
        int exponent = (int) (head & 7);
        if (exponent != ESCAPE) {
            return bitsOf(unZigZag(head >>> 3), exponent);
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
        return bitsOf(unZigZag(escaped >>> 3), exponent) + unZigZag(readVarLong());
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
