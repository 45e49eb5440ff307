package io.bucketry.codec;

import java.util.BitSet;

/** Absent values of a column: one bit saying "all present", else one bit per row. */
final class Presence {

    private Presence() {
    }

    static void encode(BitWriter out, BitSet absent, int count) {
        out.writeBit(!absent.isEmpty());
        if (absent.isEmpty()) {
            return;
        }
        for (int row = 0; row < count; row++) {
            out.writeBit(absent.get(row));
        }
    }

    /** The words of a bitmap of {@code count} rows: bit {@code row % 64} of word {@code row / 64}. */
    static int words(int count) {
        return (count + 63) >>> 6;
    }

    /**
     * Reads the absent rows into {@code words} (at least {@link #words} long; written only when some row
     * is absent) and answers how many rows are absent.
     */
    static int decode(BitReader in, int count, long[] words) {
        if (!in.readBit()) {
            return 0;
        }
        in.require(count);
        int absent = 0;
        for (int word = 0, row = 0; row < count; word++, row += 64) {
            int low = Math.min(32, count - row);
            int high = Math.max(0, Math.min(32, count - row - 32));
            long bits = in.read(low) | (high == 0 ? 0 : in.read(high) << 32);
            words[word] = bits;
            absent += Long.bitCount(bits);
        }
        if (absent == 0) {
            throw BitReader.malformed("a bitmap of absent values where no value is absent");
        }
        return absent;
    }
}
