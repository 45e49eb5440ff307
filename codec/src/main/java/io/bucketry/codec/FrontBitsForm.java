package io.bucketry.codec;

import java.util.Arrays;

/**
 * The front-bits form of a block, for doubles that are not decimals (in the spirit of ALP_RD, Afroozeh et al.,
 * SIGMOD 2024, section 3.4): each value's raw bits split into the front {@code left} bits (sign, exponent and
 * the first bits of the mantissa, which few values differ in) and the {@code 64 - left} bits behind. The fronts
 * go to a dictionary of at most {@value #DICTIONARY} entries, a code per value; a front not in it is an
 * exception (position and front). Layout: left − 1 (4 bits), entries − 1 (3 bits), the entries, the exception
 * count, the exceptions, the codes, then the bits behind the front, packed.
 */
final class FrontBitsForm {

    static final int MAX_LEFT = 16;
    static final int DICTIONARY = 8;
    private static final int SAMPLE = 256;

    private FrontBitsForm() {
    }

    /** The raw bits of a block, sorted for the search, and each value's code. */
    static final class Scratch {
        final long[] sorted;
        final int[] codes;

        Scratch(int block) {
            sorted = new long[Math.min(block, SAMPLE)];
            codes = new int[block];
        }
    }

    /**
     * The split of {@code values[from, to)} that costs least on a strided sample of at most {@value #SAMPLE}
     * values, with the sample's most frequent fronts as the dictionary; its bits are counted on every value.
     */
    static BlockPlan plan(double[] values, int from, int to, Scratch scratch) {
        int length = to - from;
        int step = (length + SAMPLE - 1) / SAMPLE;
        long[] sorted = scratch.sorted;
        int sampled = 0;
        for (int i = from; i < to; i += step) {
            sorted[sampled++] = Double.doubleToRawLongBits(values[i]);
        }
        // equal fronts are neighbours in signed order as in unsigned order: the sign bit is part of every front
        Arrays.sort(sorted, 0, sampled);
        long bestBits = Long.MAX_VALUE;
        long[] dictionary = null;
        int left = 0;
        for (int candidate = 1; candidate <= MAX_LEFT; candidate++) {
            long[] entries = mostFrequentFronts(sorted, sampled, 64 - candidate);
            int codes = entries.length - 1;
            long bits = bits(sampled, candidate, codes, sampled - (int) entries[codes]);
            if (bits < bestBits) {
                bestBits = bits;
                dictionary = Arrays.copyOf(entries, codes);
                left = candidate;
            }
        }
        int exceptions = code(values, from, length, left, dictionary, scratch.codes);
        long[] chosen = dictionary;
        int chosenLeft = left;
        return new BlockPlan(bits(length, left, dictionary.length, exceptions),
                out -> write(out, values, from, length, chosenLeft, chosen, exceptions, scratch.codes));
    }

    private static long bits(int length, int left, int entries, int exceptions) {
        return 2 + 4 + 3 + (long) entries * left + BlockPlan.countBits(length)
                + (long) exceptions * (BlockPlan.positionBits(length) + left)
                + (long) length * (BitWriter.width(entries - 1L) + 64 - left);
    }

    /** Each value's code into {@code codes} (-1: an exception); answers how many exceptions there are. */
    private static int code(double[] values, int from, int length, int left, long[] dictionary, int[] codes) {
        int exceptions = 0;
        for (int i = 0; i < length; i++) {
            long front = Double.doubleToRawLongBits(values[from + i]) >>> (64 - left);
            int code = 0;
            while (code < dictionary.length && dictionary[code] != front) {
                code++;
            }
            codes[i] = code == dictionary.length ? -1 : code;
            exceptions += code == dictionary.length ? 1 : 0;
        }
        return exceptions;
    }

    /**
     * The fronts of at most {@value #DICTIONARY} of the most frequent, then (last element) how many values
     * they cover; {@code sorted} holds raw bits in signed order.
     */
    private static long[] mostFrequentFronts(long[] sorted, int length, int behind) {
        long[] fronts = new long[DICTIONARY];
        int[] counts = new int[DICTIONARY];
        int kept = 0;
        for (int start = 0; start < length; ) {
            long front = sorted[start] >>> behind;
            int end = start + 1;
            while (end < length && sorted[end] >>> behind == front) {
                end++;
            }
            int count = end - start;
            // insertion into the kept fronts, most frequent first; the least frequent falls off
            int at = Math.min(kept, DICTIONARY - 1);
            if (kept < DICTIONARY || count > counts[at]) {
                while (at > 0 && counts[at - 1] < count) {
                    fronts[at] = fronts[at - 1];
                    counts[at] = counts[at - 1];
                    at--;
                }
                fronts[at] = front;
                counts[at] = count;
                kept = Math.min(DICTIONARY, kept + 1);
            }
            start = end;
        }
        long[] answer = Arrays.copyOf(fronts, kept + 1);
        answer[kept] = Arrays.stream(counts, 0, kept).sum();
        return answer;
    }

    private static void write(BitWriter out, double[] values, int from, int length, int left, long[] dictionary,
                              int exceptions, int[] codes) {
        int behind = 64 - left;
        int positionBits = BlockPlan.positionBits(length);
        int codeBits = BitWriter.width(dictionary.length - 1L);
        out.write(DecimalCodec.FRONT_BITS, 2);
        out.write(left - 1, 4);
        out.write(dictionary.length - 1, 3);
        for (long front : dictionary) {
            out.write(front, left);
        }
        out.write(exceptions, BlockPlan.countBits(length));
        for (int i = 0; i < length; i++) {
            if (codes[i] < 0) {
                out.write(i, positionBits);
                out.write(Double.doubleToRawLongBits(values[from + i]) >>> behind, left);
            }
        }
        for (int i = 0; i < length; i++) {
            out.write(Math.max(0, codes[i]), codeBits);
        }
        for (int i = 0; i < length; i++) {
            out.write(Double.doubleToRawLongBits(values[from + i]), behind);
        }
    }

    /** Passes over a front-bits block of {@code length} values, its form already read. */
    static void skip(BitReader in, int length) {
        int left = (int) in.read(4) + 1;
        int entries = (int) in.read(3) + 1;
        in.skip((long) entries * left);
        int exceptions = readExceptionCount(in, length);
        in.skip(exceptions * (long) (BlockPlan.positionBits(length) + left)
                + (long) length * (BitWriter.width(entries - 1L) + 64 - left));
    }

    /** Decodes a front-bits block into {@code values[from, from + length)}, its form already read. */
    static void decode(BitReader in, double[] values, int from, int length) {
        int left = (int) in.read(4) + 1;
        int behind = 64 - left;
        long[] dictionary = new long[(int) in.read(3) + 1];
        for (int code = 0; code < dictionary.length; code++) {
            dictionary[code] = in.read(left);
        }
        int exceptions = readExceptionCount(in, length);
        int positionBits = BlockPlan.positionBits(length);
        long exceptionsAt = in.position();
        in.skip(exceptions * (long) (positionBits + left));
        Exceptions.checkPositions(in, exceptionsAt, positionBits + left, positionBits, exceptions, length);
        int codeBits = BitWriter.width(dictionary.length - 1L);
        long codesAt = in.position();
        in.skip((long) length * codeBits);
        in.require((long) length * behind);
        for (int i = 0; i < length; i++) {
            int code = (int) in.bitsAt(codesAt + (long) i * codeBits, codeBits);
            if (code >= dictionary.length) {
                throw BitReader.malformed("front code " + code + " of " + dictionary.length);
            }
            values[from + i] = Double.longBitsToDouble(dictionary[code] << behind | in.read(behind));
        }
        for (int x = 0; x < exceptions; x++) {
            long at = exceptionsAt + x * (long) (positionBits + left);
            int position = (int) in.bitsAt(at, positionBits);
            long rest = Double.doubleToRawLongBits(values[from + position]) & (-1L >>> left);
            values[from + position] = Double.longBitsToDouble(in.bitsAt(at + positionBits, left) << behind | rest);
        }
    }

    private static int readExceptionCount(BitReader in, int length) {
        int exceptions = (int) in.read(BlockPlan.countBits(length));
        if (exceptions > length) {
            throw BitReader.malformed("front-bits block of " + length + " with " + exceptions + " exceptions");
        }
        return exceptions;
    }
}
