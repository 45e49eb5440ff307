package io.bucketry.codec;

import java.util.Arrays;

/**
 * The frame of a decimal block: digits from {@code reference} to {@code reference + 2^width - 1} are packed
 * in {@code width} bits, the others are exceptions. A few outliers (1,021 zeros and three large values) would
 * otherwise widen every value of the block.
 */
record DecimalFrame(long reference, int width) {

    /**
     * The cheapest frame for {@code digits[0, length)} ({@link Long#MIN_VALUE}: an exception already), where
     * an exception costs {@code exceptionBits}. Searched only when a strided sample of the digits spans fewer
     * bits than all of them (outliers the sample missed), and then among the frames that start at the
     * smallest digits, at the sample's smallest, or are centred on the middle of the sample: per kind of
     * frame, one pass counts the values that each width holds.
     */
    static DecimalFrame choose(long[] digits, int length, long min, long max, int step, long exceptionBits) {
        int fullWidth = BitWriter.width(max - min);
        DecimalFrame best = new DecimalFrame(min, fullWidth);
        long sampleMin = Long.MAX_VALUE;
        long sampleMax = Long.MIN_VALUE;
        for (int i = 0; i < length; i += step) {
            if (digits[i] != Long.MIN_VALUE) {
                sampleMin = Math.min(sampleMin, digits[i]);
                sampleMax = Math.max(sampleMax, digits[i]);
            }
        }
        if (fullWidth == 0 || sampleMin <= sampleMax && BitWriter.width(sampleMax - sampleMin) >= fullWidth) {
            return best;
        }
        long bestCost = (long) fullWidth * length;
        int valid = 0;
        for (int i = 0; i < length; i++) {
            valid += digits[i] != Long.MIN_VALUE ? 1 : 0;
        }
        int[] fitFrom = new int[fullWidth + 1];
        long middle = sampleMin <= sampleMax ? sampleMin + (sampleMax - sampleMin) / 2 : min;
        for (int start = 0; start < 3; start++) {
            // frames from the smallest digits, from the sample's smallest, and centred on the sample's middle
            long reference = start == 0 ? min : start == 1 && sampleMin <= sampleMax ? sampleMin : middle;
            Arrays.fill(fitFrom, 0);
            for (int i = 0; i < length; i++) {
                int needed = digits[i] == Long.MIN_VALUE ? 64 : start < 2 ? narrowestFrom(reference, digits[i])
                        : 1 + (digits[i] >= middle ? BitWriter.width(digits[i] - middle) : BitWriter.width(middle - digits[i] - 1));
                fitFrom[Math.min(needed, fullWidth)] += needed <= fullWidth ? 1 : 0;
            }
            int inside = 0;
            for (int width = 0; width < fullWidth; width++) {
                inside += fitFrom[width];
                long cost = (long) width * length + (valid - inside) * exceptionBits;
                if (cost < bestCost) {
                    best = new DecimalFrame(start < 2 ? reference : middle - (width == 0 ? 0 : 1L << (width - 1)), width);
                    bestCost = cost;
                }
            }
        }
        return best;
    }

    /** The narrowest width of a frame from {@code reference} that holds {@code digits}; 64 for none. */
    private static int narrowestFrom(long reference, long digits) {
        return digits >= reference ? BitWriter.width(digits - reference) : 64;
    }

    /** True when {@code digits} are inside the frame. */
    boolean holds(long digits) {
        return digits >= reference && BitWriter.width(digits - reference) <= width;
    }

    /** Marks every digit outside the frame as an exception ({@link Long#MIN_VALUE}); answers how many there are now. */
    int markExceptions(long[] digits, int length) {
        int exceptions = 0;
        for (int i = 0; i < length; i++) {
            if (digits[i] != Long.MIN_VALUE && !holds(digits[i])) {
                digits[i] = Long.MIN_VALUE;
            }
            exceptions += digits[i] == Long.MIN_VALUE ? 1 : 0;
        }
        return exceptions;
    }
}
