package io.bucketry.tools.codec;

import java.util.BitSet;

/**
 * The comparison's Gorilla: XOR encoding of doubles (Pelkonen et al., VLDB 2015, section 4.1.2). The first
 * value raw; then '0' for a repeat, '10' and the meaningful bits when they fit the previous window of leading
 * and trailing zeros, else '11', 5 bits of leading zeros, 6 bits of length and the bits.
 */
final class GorillaXor {

    private GorillaXor() {
    }

    /** The encoded block and its exact length in bits. */
    record Encoded(BitSet words, long bits) {
    }

    static Encoded encode(double[] values) {
        Bits out = new Bits(new BitSet());
        if (values.length == 0) {
            return new Encoded(out.bits, 0);
        }
        long previous = Double.doubleToRawLongBits(values[0]);
        out.write(previous, 64);
        int leading = -1;
        int trailing = 0;
        for (int i = 1; i < values.length; i++) {
            long bits = Double.doubleToRawLongBits(values[i]);
            long xor = bits ^ previous;
            previous = bits;
            if (xor == 0) {
                out.write(0, 1);
                continue;
            }
            int newLeading = Math.min(31, Long.numberOfLeadingZeros(xor));
            int newTrailing = Long.numberOfTrailingZeros(xor);
            if (leading >= 0 && newLeading >= leading && newTrailing >= trailing) {
                out.write(0b01, 2);   // '1' then '0', least significant bit first
                out.write(xor >>> trailing, 64 - leading - trailing);
            } else {
                leading = newLeading;
                trailing = newTrailing;
                int length = 64 - leading - trailing;
                out.write(0b11, 2);
                out.write(leading, 5);
                out.write(length & 63, 6);   // 64 meaningful bits are written as 0
                out.write(xor >>> trailing, length);
            }
        }
        return new Encoded(out.bits, out.position);
    }

    static double[] decode(Encoded encoded, int count) {
        Bits in = new Bits(encoded.words());
        double[] values = new double[count];
        if (count == 0) {
            return values;
        }
        long previous = in.read(64);
        values[0] = Double.longBitsToDouble(previous);
        int leading = 0;
        int trailing = 0;
        for (int i = 1; i < count; i++) {
            if (in.read(1) == 1) {
                if (in.read(1) == 1) {
                    leading = (int) in.read(5);
                    int length = (int) in.read(6);
                    trailing = 64 - leading - (length == 0 ? 64 : length);
                }
                previous ^= in.read(64 - leading - trailing) << trailing;
            }
            values[i] = Double.longBitsToDouble(previous);
        }
        if (in.position != encoded.bits()) {
            throw new IllegalStateException("read " + in.position + " of " + encoded.bits() + " bits");
        }
        return values;
    }

    /** Bits least significant first in a {@link BitSet}, written or read from a position: slow and plain, as a baseline may be. */
    private static final class Bits {
        private final BitSet bits;
        private long position;

        Bits(BitSet bits) {
            this.bits = bits;
        }

        void write(long value, int width) {
            for (int k = 0; k < width; k++) {
                bits.set((int) position++, (value >>> k & 1) != 0);
            }
        }

        long read(int width) {
            long value = 0;
            for (int k = 0; k < width; k++) {
                value |= (bits.get((int) position++) ? 1L : 0L) << k;
            }
            return value;
        }
    }
}
