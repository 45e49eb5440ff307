package io.bucketry.codec;

/**
 * The decimal form of a block (ALP, Afroozeh et al., SIGMOD 2024): its {@link DecimalScale}, the frame of
 * reference, the bit width of the frame, the exceptions (position and raw bits of each value that does not
 * round-trip at that scale or lies outside the frame) and then every value's digits minus the reference,
 * bit-packed. The frame is as wide as the digits, or narrower where the values it leaves out cost less as
 * exceptions than the bits it saves on every value ({@link DecimalFrame}).
 */
final class DecimalForm {

    static final int MAX_WIDTH = 56;
    /** Version 1 wrote positions and the exception count in fixed widths; version 2 in as few bits as the block needs. */
    private static final int VERSION_1_POSITION_BITS = 10;
    private static final int VERSION_1_COUNT_BITS = 11;

    private DecimalForm() {
    }

    /** What the scale search found of each sampled value, and each value's digits, reused block after block. */
    static final class Scratch {
        final int[] smallest = new int[DecimalScale.SAMPLE];
        final long[] sampleDigits = new long[DecimalScale.SAMPLE];
        final long[] digits;
        final long[] deltas;

        Scratch(int block) {
            digits = new long[block];
            deltas = new long[block];
        }
    }

    /** The decimal plan of {@code values[from, to)}, or null when no value is decimal or the frame is too wide. */
    static BlockPlan plan(double[] values, int from, int to, Scratch scratch) {
        int length = to - from;
        DecimalScale scale = DecimalScale.choose(values, from, to, scratch.smallest, scratch.sampleDigits);
        if (scale == null) {
            return null;
        }
        long[] digits = scratch.digits;
        int step = DecimalScale.step(from, to);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0, sampled = 0; i < length; i++) {
            // a sampled value's digits at a factor-0 scale are known from the search (Long.MAX_VALUE: not)
            long known = Long.MAX_VALUE;
            if (i == sampled * step) {
                known = scale.sampledDigits(sampled++, scratch.smallest, scratch.sampleDigits);
            }
            digits[i] = known != Long.MAX_VALUE ? known : scale.digits(values[from + i]);
            if (digits[i] != Long.MIN_VALUE) {
                min = Math.min(min, digits[i]);
                max = Math.max(max, digits[i]);
            }
        }
        if (min > max) {
            return null;
        }
        int positionBits = BlockPlan.positionBits(length);
        DecimalFrame frame = DecimalFrame.choose(digits, length, min, max, step, 64L + positionBits);
        if (frame.width() > MAX_WIDTH) {
            return null;
        }
        int exceptions = frame.markExceptions(digits, length);
        long framed = BlockPlan.zigZagBits(frame.reference()) + 6 + (long) frame.width() * length;
        DigitDeltas deltas = length > 1
                ? DigitDeltas.of(digits, length, frame.width(), scratch.deltas, positionBits) : null;
        DigitDeltas chosen = deltas != null && deltas.bits(length) < framed ? deltas : null;
        long bits = 2 + 10 + 1 + BlockPlan.countBits(length) + exceptions * (64L + positionBits)
                + (chosen != null ? chosen.bits(length) : framed);
        return new BlockPlan(bits, out -> write(out, values, from, length, scale, frame, chosen, exceptions, scratch));
    }

    private static void write(BitWriter out, double[] values, int from, int length, DecimalScale scale,
                              DecimalFrame frame, DigitDeltas deltas, int exceptions, Scratch scratch) {
        int positionBits = BlockPlan.positionBits(length);
        long[] digits = scratch.digits;
        out.write(DecimalCodec.DECIMAL, 2);
        out.write(scale.exponent(), 5);
        out.write(scale.factor(), 5);
        out.writeBit(deltas != null);
        if (deltas != null) {
            deltas.writeHeader(out, length);
        } else {
            out.writeZigZag(frame.reference());
            out.write(frame.width(), 6);
        }
        out.write(exceptions, BlockPlan.countBits(length));
        for (int i = 0; i < length; i++) {
            if (digits[i] == Long.MIN_VALUE) {
                out.write(i, positionBits);
                out.write(Double.doubleToRawLongBits(values[from + i]), 64);
            }
        }
        if (deltas != null) {
            deltas.writeDifferences(out, scratch.deltas, length);
            return;
        }
        for (int i = 0; i < length; i++) {
            out.write(digits[i] == Long.MIN_VALUE ? 0 : digits[i] - frame.reference(), frame.width());
        }
    }

    /** Passes over a decimal block of {@code length} values, its form already read. */
    static void skip(BitReader in, int length, int version) {
        readScale(in);
        int positionBits = positionBits(length, version);
        if (version > 1 && in.readBit()) {
            in.readZigZag();
            in.readZigZag();
            int width = readWidth(in);
            int patches = readPatchCount(in, length);
            int patchWidth = 0;
            if (patches > 0) {
                in.readZigZag();
                patchWidth = readWidth(in);
            }
            int exceptions = readExceptionCount(in, length, version);
            in.skip(exceptions * (64L + positionBits) + patches * (long) (positionBits + patchWidth) + (long) width * (length - 1));
            return;
        }
        in.readZigZag();
        int width = readWidth(in);
        int exceptions = readExceptionCount(in, length, version);
        in.skip(exceptions * (64L + positionBits) + (long) width * length);
    }

    /** Decodes a decimal block into {@code values[from, from + length)}, its form already read. */
    static void decode(BitReader in, double[] values, int from, int length, int version) {
        DecimalScale scale = readScale(in);
        if (version > 1 && in.readBit()) {
            decodeDeltas(in, values, from, length, scale);
            return;
        }
        long reference = in.readZigZag();
        int width = readWidth(in);
        int exceptions = readExceptionCount(in, length, version);
        int positionBits = positionBits(length, version);
        // the exceptions come before the digits: checked now, patched in once the digits are unpacked
        long exceptionsAt = skipExceptions(in, exceptions, length, positionBits);
        unpack(in, values, from, length, width, reference);
        scale(values, from, length, scale.ten(), scale.divisor());
        patchExceptions(in, values, from, exceptionsAt, exceptions, positionBits);
    }

    private static void decodeDeltas(BitReader in, double[] values, int from, int length, DecimalScale scale) {
        long first = in.readZigZag();
        long reference = in.readZigZag();
        int width = readWidth(in);
        int patches = readPatchCount(in, length);
        long lowest = patches > 0 ? in.readZigZag() : 0;
        int patchWidth = patches > 0 ? readWidth(in) : 0;
        int exceptions = readExceptionCount(in, length, SealedBucketCodec.VERSION);
        int positionBits = BlockPlan.positionBits(length);
        long exceptionsAt = skipExceptions(in, exceptions, length, positionBits);
        long patchesAt = in.position();
        in.skip(patches * (long) (positionBits + patchWidth));
        Exceptions.checkPositions(in, patchesAt, positionBits + patchWidth, positionBits, patches, length);
        values[from] = first;
        unpack(in, values, from + 1, length - 1, width, reference);
        for (int p = 0; p < patches; p++) {
            long at = patchesAt + p * (long) (positionBits + patchWidth);
            int position = (int) in.bitsAt(at, positionBits);
            if (position == 0) {
                throw BitReader.malformed("a difference patched at the first value");
            }
            values[from + position] = (double) (lowest + in.bitsAt(at + positionBits, patchWidth));
        }
        for (int at = from + 1; at < from + length; at++) {
            values[at] += values[at - 1];   // integers below 2^53 on valid input: exact in doubles
        }
        scale(values, from, length, scale.ten(), scale.divisor());
        patchExceptions(in, values, from, exceptionsAt, exceptions, positionBits);
    }

    /** Passes over {@code exceptions} exceptions, checking their positions; answers where they start. */
    private static long skipExceptions(BitReader in, int exceptions, int length, int positionBits) {
        long exceptionsAt = in.position();
        in.skip(exceptions * (64L + positionBits));
        Exceptions.checkPositions(in, exceptionsAt, 64L + positionBits, positionBits, exceptions, length);
        return exceptionsAt;
    }

    private static void patchExceptions(BitReader in, double[] values, int from, long exceptionsAt, int exceptions, int positionBits) {
        for (int x = 0; x < exceptions; x++) {
            long at = exceptionsAt + x * (64L + positionBits);
            long raw = in.bitsAt(at + positionBits, 32) | in.bitsAt(at + positionBits + 32, 32) << 32;
            values[from + (int) in.bitsAt(at, positionBits)] = Double.longBitsToDouble(raw);
        }
    }

    private static int readWidth(BitReader in) {
        int width = (int) in.read(6);
        if (width > MAX_WIDTH) {
            throw BitReader.malformed("decimal width " + width);
        }
        return width;
    }

    private static int readPatchCount(BitReader in, int length) {
        int patches = (int) in.read(BlockPlan.countBits(length));
        if (patches >= length) {
            throw BitReader.malformed(patches + " patched differences in a block of " + length);
        }
        return patches;
    }

    private static int positionBits(int length, int version) {
        return version == 1 ? VERSION_1_POSITION_BITS : BlockPlan.positionBits(length);
    }

    private static DecimalScale readScale(BitReader in) {
        int exponent = (int) in.read(5);
        int factor = (int) in.read(5);
        if (exponent > DecimalScale.MAX_EXPONENT || factor > exponent) {
            throw BitReader.malformed("decimal scale e=" + exponent + ", f=" + factor);
        }
        return new DecimalScale(exponent, factor);
    }

    private static int readExceptionCount(BitReader in, int length, int version) {
        int exceptions = (int) in.read(version == 1 ? VERSION_1_COUNT_BITS : BlockPlan.countBits(length));
        if (exceptions > length) {
            throw BitReader.malformed("decimal block of " + length + " with " + exceptions + " exceptions");
        }
        return exceptions;
    }

    /**
     * The hot loop's first pass: each packed number plus {@code reference} into {@code values}, one unaligned
     * 8-byte read per value while a whole word is left, then the careful reader for the last few.
     */
    private static void unpack(BitReader in, double[] values, int from, int length, int width, long reference) {
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
    }

    /**
     * The hot loop's second pass: the same expression as {@link DecimalScale#value(long)} over the digits in a
     * loop of its own, which the JIT turns into vector multiplications and divisions (bit for bit the same,
     * lane by lane): in a one-pass loop the division was most of the time. A reciprocal with an
     * {@code Math.fma} correction falls to a software fma, far slower, on CPUs (or VMs) without FMA, so it
     * stays a division.
     */
    private static void scale(double[] values, int from, int length, double ten, double divisor) {
        for (int at = from; at < from + length; at++) {
            values[at] = values[at] * ten / divisor;
        }
    }
}
