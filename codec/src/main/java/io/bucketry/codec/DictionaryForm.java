package io.bucketry.codec;

import java.util.Arrays;

/**
 * The dictionary form of a block with few distinct values (bit for bit): the count of distinct values, the
 * values themselves in ascending order as a block of their own in any other form, then each value's code in
 * the cheapest of four layouts (2 bits): packed; runs of (code, length − 1), after their count and the bits
 * of a length (4 bits); changes: the first code, then per value 1 bit (another code) and that code; or
 * steps: the first code, the smallest step to the next code, the bits of a step (5 bits), the steps above it.
 * Layout: entries − 1 (a variable-length number), the entries' block, the codes' layout, the codes.
 */
final class DictionaryForm {

    private static final int PACKED = 0;
    private static final int RUNS = 1;
    private static final int CHANGES = 2;
    private static final int STEPS = 3;
    /** A block whose first eighth (at least this many values) holds no repeat is given up. */
    private static final int GIVE_UP_AFTER = 16;

    private DictionaryForm() {
    }

    /** A hash table of raw bits to codes, the distinct values and each value's code, reused block after block. */
    static final class Scratch {
        final int[] slots;
        final long[] keys;
        final double[] entries;
        final int[] codes;

        Scratch(int block) {
            slots = new int[Integer.highestOneBit(Math.max(1, 2 * block - 1)) << 1];
            keys = new long[block];
            entries = new double[block];
            codes = new int[block];
        }
    }

    /**
     * The dictionary plan of {@code values[from, to)}, or null when it has more distinct values than
     * {@link #limit}, or when its codes packed, as runs or as changes, with a bit per entry, take
     * {@code bound} bits already (the entries would then cost a second encoding for nothing, unless as
     * steps: a walk the decimal form's differences take as well); {@code entries} plans the entries' block.
     */
    static BlockPlan plan(double[] values, int from, int to, Scratch scratch, BlockEncoder entries, long bound) {
        int length = to - from;
        int distinct = distinct(values, from, length, limit(length), scratch);
        if (distinct < 0) {
            return null;
        }
        int codeBits = BitWriter.width(distinct - 1L);
        int[] codes = scratch.codes;
        int changes = 0;
        int longest = 1;
        for (int i = 1, run = 1; i < length; i++) {
            run = codes[i] == codes[i - 1] ? run + 1 : 1;
            changes += run == 1 ? 1 : 0;
            longest = Math.max(longest, run);
        }
        int runs = changes + 1;
        int lengthBits = BitWriter.width(longest - 1L);
        long runBits = BlockPlan.countBits(length) + 4 + (long) runs * (codeBits + lengthBits);
        long changeBits = codeBits + (length - 1L) + (long) changes * codeBits;
        if (Math.min((long) length * codeBits, Math.min(runBits, changeBits)) + distinct >= bound) {
            return null;
        }
        sortEntries(scratch, distinct, length);
        BlockPlan dictionary = entries.plan(scratch.entries, 0, distinct, false);
        int minStep = Integer.MAX_VALUE;
        int maxStep = Integer.MIN_VALUE;
        for (int i = 1; i < length; i++) {
            minStep = Math.min(minStep, codes[i] - codes[i - 1]);
            maxStep = Math.max(maxStep, codes[i] - codes[i - 1]);
        }
        int stepBits = length == 1 ? 0 : BitWriter.width((long) maxStep - minStep);
        int lowest = length == 1 ? 0 : minStep;
        long[] layoutBits = {
            (long) length * codeBits,
            runBits,
            changeBits,
            codeBits + BlockPlan.zigZagBits(lowest) + 5 + (length - 1L) * stepBits,
        };
        int layout = PACKED;
        for (int candidate = RUNS; candidate <= STEPS; candidate++) {
            layout = layoutBits[candidate] < layoutBits[layout] ? candidate : layout;
        }
        int chosen = layout;
        long bits = 2 + BlockPlan.varLongBits(distinct - 1L) + dictionary.bits() + 2 + layoutBits[layout];
        return new BlockPlan(bits, out -> {
            out.write(DecimalCodec.DICTIONARY, 2);
            out.writeVarLong(distinct - 1L);
            dictionary.write(out);
            out.write(chosen, 2);
            switch (chosen) {
                case PACKED -> {
                    for (int i = 0; i < length; i++) {
                        out.write(codes[i], codeBits);
                    }
                }
                case RUNS -> writeRuns(out, codes, length, runs, codeBits, lengthBits);
                case CHANGES -> writeChanges(out, codes, length, codeBits);
                default -> writeSteps(out, codes, length, codeBits, lowest, stepBits);
            }
        });
    }

    /**
     * Puts the entries in ascending order ({@link Double#compare}'s, on distinct raw bits) and recodes the
     * values: the entries' own block then packs their small differences.
     */
    private static void sortEntries(Scratch scratch, int distinct, int length) {
        long[] keys = scratch.keys;
        for (int code = 0; code < distinct; code++) {
            keys[code] = ordered(keys[code]);
        }
        long[] sorted = Arrays.copyOf(keys, distinct);
        Arrays.sort(sorted);
        int[] rank = scratch.slots;   // the hash table is done with
        for (int code = 0; code < distinct; code++) {
            rank[code] = Arrays.binarySearch(sorted, keys[code]);
        }
        for (int code = 0; code < distinct; code++) {
            scratch.entries[code] = Double.longBitsToDouble(ordered(sorted[code]));
        }
        for (int i = 0; i < length; i++) {
            scratch.codes[i] = rank[scratch.codes[i]];
        }
    }

    /** Raw bits to a long in the order of the doubles and back (it is its own inverse): negative values reversed. */
    private static long ordered(long bits) {
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** The most distinct values a dictionary of a block of {@code length} may hold. */
    static int limit(int length) {
        return length * 3 / 4;
    }

    /**
     * Codes the values into {@code scratch}; answers how many are distinct, or -1 once more than {@code limit}
     * are, or when no value of the first eighth of the block repeats (mostly distinct values: given up early).
     */
    private static int distinct(double[] values, int from, int length, int limit, Scratch scratch) {
        int slotBits = BitWriter.width(Integer.highestOneBit(Math.max(1, 2 * length - 1)) << 1) - 1;
        int[] slots = scratch.slots;
        Arrays.fill(slots, 0, 1 << slotBits, 0);
        int distinct = 0;
        for (int i = 0; i < length; i++) {
            long key = Double.doubleToRawLongBits(values[from + i]);
            int slot = (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - slotBits));
            while (slots[slot] != 0 && scratch.keys[slots[slot] - 1] != key) {
                slot = (slot + 1) & ((1 << slotBits) - 1);
            }
            if (slots[slot] == 0) {
                if (distinct == limit || distinct == i && i == Math.max(GIVE_UP_AFTER, length / 8)) {
                    return -1;
                }
                scratch.keys[distinct] = key;
                scratch.entries[distinct] = values[from + i];
                slots[slot] = ++distinct;
            }
            scratch.codes[i] = slots[slot] - 1;
        }
        return distinct;
    }

    private static void writeChanges(BitWriter out, int[] codes, int length, int codeBits) {
        out.write(codes[0], codeBits);
        for (int i = 1; i < length; i++) {
            out.writeBit(codes[i] != codes[i - 1]);
            if (codes[i] != codes[i - 1]) {
                out.write(codes[i], codeBits);
            }
        }
    }

    private static void writeSteps(BitWriter out, int[] codes, int length, int codeBits, int lowest, int stepBits) {
        out.write(codes[0], codeBits);
        out.writeZigZag(lowest);
        out.write(stepBits, 5);
        for (int i = 1; i < length; i++) {
            out.write((long) codes[i] - codes[i - 1] - lowest, stepBits);
        }
    }

    private static void writeRuns(BitWriter out, int[] codes, int length, int runs, int codeBits, int lengthBits) {
        out.write(runs, BlockPlan.countBits(length));
        out.write(lengthBits, 4);
        for (int start = 0; start < length; ) {
            int end = start + 1;
            while (end < length && codes[end] == codes[start]) {
                end++;
            }
            out.write(codes[start], codeBits);
            out.write(end - start - 1L, lengthBits);
            start = end;
        }
    }

    /** Passes over a dictionary block of {@code length} values, its form already read. */
    static void skip(BitReader in, int length) {
        int distinct = readDistinct(in, length);
        DecimalCodec.skipEntries(in, distinct);
        int codeBits = BitWriter.width(distinct - 1L);
        switch (readLayout(in)) {
            case PACKED -> in.skip((long) length * codeBits);
            case RUNS -> {
                int runs = (int) in.read(BlockPlan.countBits(length));
                in.skip(runs * (long) (codeBits + (int) in.read(4)));
            }
            case CHANGES -> {
                in.skip(codeBits);
                for (int i = 1; i < length; i++) {
                    in.skip(in.readBit() ? codeBits : 0);
                }
            }
            default -> {
                in.skip(codeBits);
                in.readZigZag();
                in.skip((length - 1L) * in.read(5));
            }
        }
    }

    /** Decodes a dictionary block into {@code values[from, from + length)}, its form already read. */
    static void decode(BitReader in, double[] values, int from, int length) {
        double[] dictionary = new double[readDistinct(in, length)];
        DecimalCodec.decodeEntries(in, dictionary);
        int codeBits = BitWriter.width(dictionary.length - 1L);
        int layout = readLayout(in);
        if (layout == PACKED) {
            in.require((long) length * codeBits);
            for (int i = 0; i < length; i++) {
                values[from + i] = dictionary[code(in.read(codeBits), dictionary.length)];
            }
            return;
        }
        if (layout == STEPS) {
            decodeSteps(in, values, from, length, dictionary, codeBits);
            return;
        }
        if (layout == CHANGES) {
            values[from] = dictionary[code(in.read(codeBits), dictionary.length)];
            for (int i = from + 1; i < from + length; i++) {
                values[i] = in.readBit() ? dictionary[code(in.read(codeBits), dictionary.length)] : values[i - 1];
            }
            return;
        }
        int runs = (int) in.read(BlockPlan.countBits(length));
        int lengthBits = (int) in.read(4);
        in.require(runs * (long) (codeBits + lengthBits));
        int at = from;
        for (int run = 0; run < runs; run++) {
            double value = dictionary[code(in.read(codeBits), dictionary.length)];
            long count = in.read(lengthBits) + 1;
            if (count > from + length - at) {
                throw BitReader.malformed("runs beyond a block of " + length);
            }
            Arrays.fill(values, at, at + (int) count, value);
            at += (int) count;
        }
        if (at != from + length) {
            throw BitReader.malformed("runs of " + (at - from) + " values in a block of " + length);
        }
    }

    private static void decodeSteps(BitReader in, double[] values, int from, int length, double[] dictionary, int codeBits) {
        long code = code(in.read(codeBits), dictionary.length);
        long lowest = in.readZigZag();
        int stepBits = (int) in.read(5);
        in.require((length - 1L) * stepBits);
        values[from] = dictionary[(int) code];
        for (int i = from + 1; i < from + length; i++) {
            code += lowest + in.read(stepBits);
            if (code < 0 || code >= dictionary.length) {
                throw BitReader.malformed("dictionary code " + code + " of " + dictionary.length);
            }
            values[i] = dictionary[(int) code];
        }
    }

    private static int readLayout(BitReader in) {
        return (int) in.read(2);
    }

    private static int readDistinct(BitReader in, int length) {
        return in.readCount("dictionary size", length - 1L) + 1;
    }

    private static int code(long code, int entries) {
        if (code >= entries) {
            throw BitReader.malformed("dictionary code " + code + " of " + entries);
        }
        return (int) code;
    }
}
