package io.bucketry.codec;

/**
 * The digits of a decimal block as differences from the previous value's, for a series that moves by small
 * steps (prices, slow sensors, the sorted entries of a dictionary): the first digits, then each difference
 * in a {@link DecimalFrame}; a difference outside it is a patch (position and the difference above the
 * smallest, in as many bits as the widest needs). An exception ({@link Long#MIN_VALUE}) repeats the digits
 * before it (the first valid digits at the start). Layout: first digits, frame reference, frame width
 * (6 bits), patch count, and when there are patches the smallest difference and the patch width (6 bits);
 * after the decimal block's exceptions the patches, then the packed differences.
 */
record DigitDeltas(long first, DecimalFrame frame, long lowest, int patchWidth, int patches) {

    /**
     * The differences of {@code digits[0, length)} (at least one valid, {@code length} at least 2) into
     * {@code deltas}, or null when they span as many bits as {@code frameWidth}, the digits' own frame.
     */
    static DigitDeltas of(long[] digits, int length, int frameWidth, long[] deltas, int positionBits) {
        long first = Long.MIN_VALUE;
        for (int i = 0; first == Long.MIN_VALUE; i++) {
            first = digits[i];
        }
        long previous = first;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 1; i < length; i++) {
            long current = digits[i] == Long.MIN_VALUE ? previous : digits[i];
            deltas[i - 1] = current - previous;
            min = Math.min(min, deltas[i - 1]);
            max = Math.max(max, deltas[i - 1]);
            previous = current;
        }
        int count = length - 1;
        int patchWidth = BitWriter.width(max - min);
        if (patchWidth >= frameWidth) {
            return null;
        }
        DecimalFrame frame = DecimalFrame.choose(deltas, count, min, max, DecimalScale.step(0, count),
                positionBits + (long) patchWidth);
        int patches = 0;
        for (int i = 0; i < count; i++) {
            patches += frame.holds(deltas[i]) ? 0 : 1;
        }
        return new DigitDeltas(first, frame, min, patchWidth, patches);
    }

    /** The bits of the header, the patches and the packed differences. */
    long bits(int length) {
        long patchBits = patches == 0 ? 0
                : BlockPlan.zigZagBits(lowest) + 6 + patches * (long) (BlockPlan.positionBits(length) + patchWidth);
        return BlockPlan.zigZagBits(first) + BlockPlan.zigZagBits(frame.reference()) + 6 + BlockPlan.countBits(length)
                + patchBits + (long) frame.width() * (length - 1);
    }

    void writeHeader(BitWriter out, int length) {
        out.writeZigZag(first);
        out.writeZigZag(frame.reference());
        out.write(frame.width(), 6);
        out.write(patches, BlockPlan.countBits(length));
        if (patches > 0) {
            out.writeZigZag(lowest);
            out.write(patchWidth, 6);
        }
    }

    /** Writes the patches and the packed differences (of the {@code deltas} that {@link #of} filled). */
    void writeDifferences(BitWriter out, long[] deltas, int length) {
        int positionBits = BlockPlan.positionBits(length);
        for (int i = 1; i < length && patches > 0; i++) {
            if (!frame.holds(deltas[i - 1])) {
                out.write(i, positionBits);
                out.write(deltas[i - 1] - lowest, patchWidth);
            }
        }
        for (int i = 1; i < length; i++) {
            out.write(frame.holds(deltas[i - 1]) ? deltas[i - 1] - frame.reference() : 0, frame.width());
        }
    }
}
