package io.bucketry.codec;

import java.util.function.Consumer;

/**
 * One way to write a block of doubles, and the exact bits it takes: the encoder plans each form that may fit
 * and writes the smallest. A plan may read its encoder's scratch arrays, so it is written before that
 * encoder plans the same form again.
 */
record BlockPlan(long bits, Consumer<BitWriter> writer) {

    void write(BitWriter out) {
        writer.accept(out);
    }

    /** The smaller of two plans; {@code other} may be null, and a tie keeps this one. */
    BlockPlan orSmaller(BlockPlan other) {
        return other != null && other.bits < bits ? other : this;
    }

    /** The bits of {@link BitWriter#writeVarLong} for {@code unsigned}. */
    static int varLongBits(long unsigned) {
        return 8 * Math.max(1, (BitWriter.width(unsigned) + 6) / 7);
    }

    /** The bits of {@link BitWriter#writeZigZag} for {@code value}. */
    static int zigZagBits(long value) {
        return varLongBits((value << 1) ^ (value >> 63));
    }

    /** The bits of a position in a block of {@code length} values. */
    static int positionBits(int length) {
        return BitWriter.width(length - 1L);
    }

    /** The bits of a count from 0 to {@code length}. */
    static int countBits(int length) {
        return BitWriter.width(length);
    }
}
