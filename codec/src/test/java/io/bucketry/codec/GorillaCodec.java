package io.bucketry.codec;

/**
 * The benchmark's baseline, test scope only: Gorilla's XOR encoding of doubles (Pelkonen et al., VLDB 2015,
 * section 4.1.2). The first value raw; then '0' for a repeat, '10' + the meaningful bits when they fit the
 * previous window of leading and trailing zeros, else '11' + 5 bits of leading zeros + 6 bits of length + bits.
 */
final class GorillaCodec {

    private GorillaCodec() {
    }

    static void encode(BitWriter out, double[] values) {
        if (values.length == 0) {
            return;
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
                out.writeBit(false);
                continue;
            }
            out.writeBit(true);
            int newLeading = Math.min(31, Long.numberOfLeadingZeros(xor));
            int newTrailing = Long.numberOfTrailingZeros(xor);
            if (leading >= 0 && newLeading >= leading && newTrailing >= trailing) {
                out.writeBit(false);
                out.write(xor >>> trailing, 64 - leading - trailing);
            } else {
                leading = newLeading;
                trailing = newTrailing;
                int length = 64 - leading - trailing;
                out.writeBit(true);
                out.write(leading, 5);
                out.write(length & 63, 6);
                out.write(xor >>> trailing, length);
            }
        }
    }

    static double[] decode(BitReader in, int count) {
        double[] values = new double[count];
        if (count == 0) {
            return values;
        }
        long previous = in.read(64);
        values[0] = Double.longBitsToDouble(previous);
        int leading = 0;
        int trailing = 0;
        for (int i = 1; i < count; i++) {
            if (in.readBit()) {
                if (in.readBit()) {
                    leading = (int) in.read(5);
                    int length = (int) in.read(6);
                    trailing = 64 - leading - (length == 0 ? 64 : length);
                }
                previous ^= in.read(64 - leading - trailing) << trailing;
            }
            values[i] = Double.longBitsToDouble(previous);
        }
        return values;
    }
}
