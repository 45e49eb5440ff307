package io.bucketry.codec;

/**
 * Doubles in blocks of up to {@value #BLOCK} values. A decimal block holds its {@link DecimalScale}, the
 * smallest digits (frame of reference), the bit width of the rest, the exceptions (position and raw bits of
 * each value that does not round-trip) and then every value's digits minus the reference, bit-packed.
 * A block where that would not beat 64 bits per value is stored raw.
 */
final class DecimalCodec {

    static final int BLOCK = 1024;
    private static final int MAX_WIDTH = 56;
    private static final int POSITION_BITS = 10;
    private static final int COUNT_BITS = 11;

    private DecimalCodec() {
    }

    static void encode(BitWriter out, double[] values) {
        long[] digits = new long[Math.min(BLOCK, values.length)];   // a 60-row bucket: not 8 KB to clear per column
        Samples samples = new Samples();
        for (int from = 0; from < values.length; from += BLOCK) {
            encodeBlock(out, values, from, Math.min(values.length, from + BLOCK), digits, samples);
        }
    }

    /** What the scale search found of each sampled value, reused for its digits. */
    private static final class Samples {
        final int[] smallest = new int[DecimalScale.SAMPLE];
        final long[] digits = new long[DecimalScale.SAMPLE];
    }

    private static void encodeBlock(BitWriter out, double[] values, int from, int to, long[] digits, Samples samples) {
        int length = to - from;
        DecimalScale scale = DecimalScale.choose(values, from, to, samples.smallest, samples.digits);
        int step = DecimalScale.step(from, to);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int exceptions = 0;
        for (int i = 0, sampled = 0; i < length && scale != null; i++) {
            // a sampled value's digits at a factor-0 scale are known from the search (Long.MAX_VALUE: not)
            long known = Long.MAX_VALUE;
            if (i == sampled * step) {
                known = scale.sampledDigits(sampled++, samples.smallest, samples.digits);
            }
            digits[i] = known != Long.MAX_VALUE ? known : scale.digits(values[from + i]);
            if (digits[i] == Long.MIN_VALUE) {
                exceptions++;
            } else {
                min = Math.min(min, digits[i]);
                max = Math.max(max, digits[i]);
            }
        }
        int width = min > max ? 0 : BitWriter.width(max - min);
        boolean raw = scale == null || min > max || width > MAX_WIDTH
                || (long) width * length + exceptions * (64L + POSITION_BITS) >= 64L * length;
        out.writeBit(raw);
        if (raw) {
            for (int i = from; i < to; i++) {
                out.write(Double.doubleToRawLongBits(values[i]), 64);
            }
            return;
        }
        out.write(scale.exponent(), 5);
        out.write(scale.factor(), 5);
        out.writeZigZag(min);
        out.write(width, 6);
        out.write(exceptions, COUNT_BITS);
        for (int i = 0; i < length; i++) {
            if (digits[i] == Long.MIN_VALUE) {
                out.write(i, POSITION_BITS);
                out.write(Double.doubleToRawLongBits(values[from + i]), 64);
            }
        }
        for (int i = 0; i < length; i++) {
            out.write(digits[i] == Long.MIN_VALUE ? 0 : digits[i] - min, width);
        }
    }

    static double[] decode(BitReader in, int count) {
        double[] values = new double[count];
        for (int from = 0; from < count; from += BLOCK) {
            decodeBlock(in, values, from, Math.min(count, from + BLOCK));
        }
        return values;
    }

    private static void decodeBlock(BitReader in, double[] values, int from, int to) {
        int length = to - from;
        if (in.readBit()) {
            in.require(64L * length);
            for (int i = from; i < to; i++) {
                values[i] = Double.longBitsToDouble(in.read(64));
            }
            return;
        }
        int exponent = (int) in.read(5);
        int factor = (int) in.read(5);
        if (exponent > DecimalScale.MAX_EXPONENT || factor > exponent) {
            throw BitReader.malformed("decimal scale e=" + exponent + ", f=" + factor);
        }
        long reference = in.readZigZag();
        int width = (int) in.read(6);
        int exceptions = (int) in.read(COUNT_BITS);
        if (width > MAX_WIDTH || exceptions > length) {
            throw BitReader.malformed("decimal block of " + length + " with width " + width + ", " + exceptions + " exceptions");
        }
        in.require(exceptions * (64L + POSITION_BITS));
        int[] positions = new int[exceptions];
        long[] raw = new long[exceptions];
        for (int x = 0; x < exceptions; x++) {
            positions[x] = (int) in.read(POSITION_BITS);
            raw[x] = in.read(64);
            if (positions[x] >= length || (x > 0 && positions[x] <= positions[x - 1])) {
                throw BitReader.malformed("exception position " + positions[x] + " in a block of " + length);
            }
        }
        DecimalScale scale = new DecimalScale(exponent, factor);
        unpack(in, values, from, length, width, reference, scale.ten(), scale.divisor());
        for (int x = 0; x < exceptions; x++) {
            values[from + positions[x]] = Double.longBitsToDouble(raw[x]);
        }
    }

    /**
     * The hot loop: same expression as {@link DecimalScale#value(long)}, with the scale's powers hoisted; one
     * unaligned 8-byte read per value while a whole word is left, then the careful reader for the last few.
     * The division costs ~40% of the loop; a reciprocal with an {@code Math.fma} correction was 15–20% faster
     * here but falls to a software fma, ~100× slower, on CPUs (or VMs) without FMA, so it stays a division.
     */
    private static void unpack(BitReader in, double[] values, int from, int length, int width, long reference,
                               double ten, double divisor) {
        long start = in.position();
        in.skip((long) width * length);
        long mask = (1L << width) - 1;
        long wordLimit = in.wordLimit();
        int whole = start >= wordLimit ? 0 : width == 0 ? length
                : (int) Math.min(length, (wordLimit - start + width - 1) / width);
        int i = 0;
        for (; i < whole; i++) {
            long bit = start + (long) i * width;
            long digits = reference + ((in.wordAt((int) (bit >>> 3)) >>> (bit & 7)) & mask);
            values[from + i] = (double) digits * ten / divisor;
        }
        for (; i < length; i++) {
            long digits = reference + in.bitsAt(start + (long) i * width, width);
            values[from + i] = (double) digits * ten / divisor;
        }
    }
}
