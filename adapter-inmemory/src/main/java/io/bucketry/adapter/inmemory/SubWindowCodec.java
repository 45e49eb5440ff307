package io.bucketry.adapter.inmemory;

import java.util.Arrays;

/**
 * A sealed bucket's sub-window summaries as bytes, losslessly: the cells of {@link SubWindowSummaries},
 * sub-window after sub-window, as varints. Its readings count, then per numeric column its count and,
 * when not 0, min, max, sum, first and last as decimals (a double {@code v} that is {@code n / 10^e}
 * exactly, for an {@code e} of 0–6, is the varint of {@code zigzag(n) << 3 | e}; any other double,
 * −0.0, subnormals and infinities included, is the marker 7 and its 8 bytes) and the first and last
 * times as offsets from the sub-window's start. The readings' values are decimals like 21.37, so a
 * value takes 2–3 bytes where a cell takes 8: in simulate {@code --sub-window 5m} the summaries of an
 * hour of two numeric fields averaged 688.8 B per bucket, open ones at 1,704 included, where every
 * bucket held 1,704 before. Written here rather than with the sealed bucket codec: its exponent search
 * per column, for these columns of 12 values, had 6,324 samples in a profile of that run, and ingest was
 * 17 % slower (three alternating pairs).
 */
final class SubWindowCodec {

    private static final int MAX_EXPONENT = 6;
    private static final int RAW = 7;
    private static final double[] POWERS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    /** Beyond this a decimal's integer would not fit its varint with the exponent's 3 bits. */
    private static final double MAX_SCALED = 0x1p52;

    private byte[] bytes;
    private int size;

    private SubWindowCodec(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The cells of {@code summaries}, which hold readings, as bytes that {@link #decode} turns back into them. */
    static byte[] encode(SubWindowSummaries summaries) {
        long[] cells = summaries.cells();
        int stride = summaries.stride();
        SubWindowCodec out = new SubWindowCodec(new byte[(int) Math.min(Integer.MAX_VALUE - 16, cells.length * 3L + 16)]);
        for (int sub = 0; sub < summaries.perBucket(); sub++) {
            int base = sub * stride;
            long start = summaries.start(sub);
            out.writeVarLong(cells[base]);
            for (int at = base + 1; at < base + stride; at += SubWindowSummaries.SLOTS) {
                out.writeVarLong(cells[at]);
                if (cells[at] != 0) {
                    out.writeDecimal(cells[at + 1]);
                    out.writeDecimal(cells[at + 2]);
                    out.writeDecimal(cells[at + 3]);
                    out.writeVarLong(cells[at + 4] - start);
                    out.writeDecimal(cells[at + 5]);
                    out.writeVarLong(cells[at + 6] - start);
                    out.writeDecimal(cells[at + 7]);
                }
            }
        }
        return Arrays.copyOf(out.bytes, out.size);
    }

    /** The cells that {@link #encode} wrote to {@code encoded}, for summaries laid out as {@code layout}. */
    static long[] decode(byte[] encoded, SubWindowSummaries layout) {
        int stride = layout.stride();
        long[] cells = new long[Math.multiplyExact(layout.perBucket(), stride)];
        SubWindowCodec in = new SubWindowCodec(encoded);
        for (int sub = 0; sub < layout.perBucket(); sub++) {
            int base = sub * stride;
            long start = layout.start(sub);
            cells[base] = in.readVarLong();
            for (int at = base + 1; at < base + stride; at += SubWindowSummaries.SLOTS) {
                cells[at] = in.readVarLong();
                if (cells[at] != 0) {
                    cells[at + 1] = in.readDecimal();
                    cells[at + 2] = in.readDecimal();
                    cells[at + 3] = in.readDecimal();
                    cells[at + 4] = in.readVarLong() + start;
                    cells[at + 5] = in.readDecimal();
                    cells[at + 6] = in.readVarLong() + start;
                    cells[at + 7] = in.readDecimal();
                }
            }
        }
        if (in.size != encoded.length) {
            throw new IllegalArgumentException((encoded.length - in.size) + " bytes of sub-window summaries left over");
        }
        return cells;
    }

    private void writeDecimal(long bits) {
        double value = Double.longBitsToDouble(bits);
        for (int exponent = 0; exponent <= MAX_EXPONENT; exponent++) {
            double scaled = value * POWERS[exponent];
            if (Math.abs(scaled) >= MAX_SCALED) {
                break;
            }
            long integer = (long) Math.rint(scaled);
            // exact only if the decode's own arithmetic gives the very bits back (−0.0 never does); a value
            // n / 10^e scales back to n within 2 roundings (|error| <= |n| 2^-52), so a scaled value further
            // from an integer is not one and skips the division, which most exponents tried failed after
            if (Math.abs(scaled - integer) <= Math.abs(scaled) * 0x1p-50
                    && Double.doubleToRawLongBits(integer / POWERS[exponent]) == bits) {
                writeVarLong(((integer << 1) ^ (integer >> 63)) << 3 | exponent);
                return;
            }
        }
        writeVarLong(RAW);
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size++] = (byte) (bits >>> 8 * i);
        }
    }

    private long readDecimal() {
        long head = readVarLong();
        int exponent = (int) (head & 7);
        if (exponent == RAW) {
            long bits = 0;
            for (int i = 0; i < 8; i++) {
                bits |= (bytes[size++] & 0xFFL) << 8 * i;
            }
            return bits;
        }
        long zigZag = head >>> 3;
        long integer = (zigZag >>> 1) ^ -(zigZag & 1);
        return Double.doubleToRawLongBits(integer / POWERS[exponent]);
    }

    private void writeVarLong(long unsigned) {
        ensure(10);
        long rest = unsigned;
        while ((rest & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        bytes[size++] = (byte) rest;
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

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
