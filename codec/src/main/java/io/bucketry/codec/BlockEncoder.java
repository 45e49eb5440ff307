package io.bucketry.codec;

/**
 * Plans each block of a column in every form that may fit and keeps the smallest: raw, decimal, front bits
 * (tried only where the others take more than {@value #FRONT_BITS_ABOVE} bits per value, as ALP tries
 * ALP_RD) and dictionary. Holds the scratch arrays of each form, so one encoder serves a whole column.
 */
final class BlockEncoder {

    private static final int FRONT_BITS_ABOVE = 48;
    /** Some 100 KB of scratch per sealing thread, rather than allocated and cleared for every column. */
    private static final ThreadLocal<BlockEncoder> FOR_THREAD = ThreadLocal.withInitial(() -> new BlockEncoder(DecimalCodec.BLOCK));

    private final DecimalForm.Scratch decimal;
    private final FrontBitsForm.Scratch frontBits;
    private final int block;
    private DictionaryForm.Scratch dictionary;
    private BlockEncoder entries;

    BlockEncoder(int block) {
        this.block = block;
        this.decimal = new DecimalForm.Scratch(block);
        this.frontBits = new FrontBitsForm.Scratch(block);
    }

    /** This thread's encoder for blocks of up to {@link DecimalCodec#BLOCK} values. */
    static BlockEncoder forThisThread() {
        return FOR_THREAD.get();
    }

    /** The smallest plan for {@code values[from, to)}; a dictionary's own entries may not be a dictionary again. */
    BlockPlan plan(double[] values, int from, int to, boolean dictionaryAllowed) {
        int length = to - from;
        BlockPlan best = new BlockPlan(2 + 64L * length, out -> writeRaw(out, values, from, to));
        best = best.orSmaller(DecimalForm.plan(values, from, to, decimal));
        if (best.bits() > FRONT_BITS_ABOVE * (long) length) {
            best = best.orSmaller(FrontBitsForm.plan(values, from, to, frontBits));
        }
        if (dictionaryAllowed && length > 1) {
            if (dictionary == null) {
                dictionary = new DictionaryForm.Scratch(block);
                entries = new BlockEncoder(DictionaryForm.limit(block));
            }
            best = best.orSmaller(DictionaryForm.plan(values, from, to, dictionary, entries, best.bits()));
        }
        return best;
    }

    private static void writeRaw(BitWriter out, double[] values, int from, int to) {
        out.write(DecimalCodec.RAW, 2);
        for (int i = from; i < to; i++) {
            out.write(Double.doubleToRawLongBits(values[i]), 64);
        }
    }
}
