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
    private static final long EXCEPTION_BITS = 64L + POSITION_BITS;

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
        decode(in, values, count);
        return values;
    }

    /** Decodes {@code count} values into {@code values[0, count)}. */
    static void decode(BitReader in, double[] values, int count) {
        for (int from = 0; from < count; from += BLOCK) {
            decodeBlock(in, values, from, Math.min(count, from + BLOCK));
        }
    }

    /** Passes over {@code count} values without decoding them. */
    static void skip(BitReader in, int count) {
        for (int from = 0; from < count; from += BLOCK) {
            int length = Math.min(count - from, BLOCK);
            if (in.readBit()) {
                in.skip(64L * length);
                continue;
            }
            readScale(in);
            in.readZigZag();
            int width = (int) in.read(6);
            int exceptions = readExceptionCount(in, width, length);
            in.skip(exceptions * EXCEPTION_BITS + (long) width * length);
        }
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
        DecimalScale scale = readScale(in);
        long reference = in.readZigZag();
        int width = (int) in.read(6);
        int exceptions = readExceptionCount(in, width, length);
        // the exceptions come before the digits: checked now, patched in once the digits are unpacked
        long exceptionsAt = in.position();
        in.skip(exceptions * EXCEPTION_BITS);
        for (int x = 0, previous = -1; x < exceptions; x++) {
            int position = (int) in.bitsAt(exceptionsAt + x * EXCEPTION_BITS, POSITION_BITS);
            if (position >= length || position <= previous) {
                throw BitReader.malformed("exception position " + position + " in a block of " + length);
            }
            previous = position;
        }
        unpack(in, values, from, length, width, reference, scale.ten(), scale.divisor());
        for (int x = 0; x < exceptions; x++) {
            long at = exceptionsAt + x * EXCEPTION_BITS;
            long raw = in.bitsAt(at + POSITION_BITS, 32) | in.bitsAt(at + POSITION_BITS + 32, 32) << 32;
            values[from + (int) in.bitsAt(at, POSITION_BITS)] = Double.longBitsToDouble(raw);
        }
    }

    private static DecimalScale readScale(BitReader in) {
        int exponent = (int) in.read(5);
        int factor = (int) in.read(5);
        if (exponent > DecimalScale.MAX_EXPONENT || factor > exponent) {
            throw BitReader.malformed("decimal scale e=" + exponent + ", f=" + factor);
        }
        return new DecimalScale(exponent, factor);
    }

    private static int readExceptionCount(BitReader in, int width, int length) {
        int exceptions = (int) in.read(COUNT_BITS);
        if (width > MAX_WIDTH || exceptions > length) {
            throw BitReader.malformed("decimal block of " + length + " with width " + width + ", " + exceptions + " exceptions");
        }
        return exceptions;
    }

    /**
     * The hot loop, in two passes: the digits into {@code values} (one unaligned 8-byte read per value while a
     * whole word is left, then the careful reader for the last few), then the same expression as
     * {@link DecimalScale#value(long)} over them in a loop of its own, which the JIT turns into vector
     * multiplications and divisions (bit for bit the same, lane by lane): in a one-pass loop the division was
     * most of the time. A reciprocal with an {@code Math.fma} correction falls to a software fma, far slower,
     * on CPUs (or VMs) without FMA, so it stays a division.
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
            values[from + i] = (double) (reference + ((in.wordAt((int) (bit >>> 3)) >>> (bit & 7)) & mask));
        }
        for (; i < length; i++) {
            values[from + i] = (double) (reference + in.bitsAt(start + (long) i * width, width));
        }
        for (int at = from; at < from + length; at++) {
            values[at] = values[at] * ten / divisor;
        }
    }
}
