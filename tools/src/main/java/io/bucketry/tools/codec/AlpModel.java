package io.bucketry.tools.codec;

import java.util.Arrays;

/**
 * ALP's size for one block, by the cost model of its own benchmark (Afroozeh et al., SIGMOD 2024; the
 * repository's {@code benchmarks/include/benchmark.hpp}): ALP takes the bit width of its frame of reference,
 * 64 + 16 bits per exception and 8 + 8 + 8 + 64 bits of header per block; ALP_RD takes the bits behind the
 * front, the dictionary code (at most 3 bits), 16 + 16 bits per exception and a dictionary of 16-bit fronts.
 * Every exponent and factor is tried (ALP samples), and the smaller of the two schemes is kept (ALP picks
 * one per row group), so this is a lower bound of what ALP writes for the block.
 */
final class AlpModel {

    private static final int MAX_EXPONENT = 18;
    private static final double[] TEN = new double[MAX_EXPONENT + 1];
    private static final double[] TENTH = new double[MAX_EXPONENT + 1];
    private static final double LIMIT = 0x1p52;

    static {
        for (int e = 0; e <= MAX_EXPONENT; e++) {
            TEN[e] = Double.parseDouble("1e" + e);
            TENTH[e] = Double.parseDouble("1e-" + e);
        }
    }

    private AlpModel() {
    }

    /** ALP's bits for {@code block}: the smaller of ALP and ALP_RD. */
    static long bits(double[] block) {
        return Math.min(alpBits(block), rdBits(block));
    }

    /** ALP: encoded as {@code round(v · 10^e · 10^-f)}, decoded as {@code d · 10^f · 10^-e}; the best (e, f). */
    static long alpBits(double[] block) {
        long best = Long.MAX_VALUE;
        for (int e = 0; e <= MAX_EXPONENT; e++) {
            for (int f = 0; f <= e; f++) {
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                int exceptions = 0;
                for (double value : block) {
                    double scaled = value * TEN[e] * TENTH[f];
                    long digits = Math.abs(scaled) < LIMIT ? (long) Math.rint(scaled) : Long.MIN_VALUE;
                    if (digits == Long.MIN_VALUE
                            || Double.doubleToRawLongBits(digits * TEN[f] * TENTH[e]) != Double.doubleToRawLongBits(value)) {
                        exceptions++;
                    } else {
                        min = Math.min(min, digits);
                        max = Math.max(max, digits);
                    }
                }
                int width = min > max ? 0 : 64 - Long.numberOfLeadingZeros(max - min);
                best = Math.min(best, (long) width * block.length + exceptions * 80L + 88);
            }
        }
        return best;
    }

    /** ALP_RD: the best split with at most 16 front bits, a dictionary of up to 8 fronts. */
    static long rdBits(double[] block) {
        long[] sorted = new long[block.length];
        for (int i = 0; i < block.length; i++) {
            sorted[i] = Double.doubleToRawLongBits(block[i]);
        }
        Arrays.sort(sorted);
        long best = Long.MAX_VALUE;
        for (int left = 1; left <= 16; left++) {
            int behind = 64 - left;
            int[] counts = new int[block.length];
            int fronts = 0;
            for (int start = 0; start < sorted.length; ) {
                int end = start + 1;
                while (end < sorted.length && sorted[end] >>> behind == sorted[start] >>> behind) {
                    end++;
                }
                counts[fronts++] = end - start;
                start = end;
            }
            int[] frequent = Arrays.copyOf(counts, fronts);
            Arrays.sort(frequent);
            int entries = Math.min(8, fronts);
            int covered = 0;
            for (int k = 0; k < entries; k++) {
                covered += frequent[fronts - 1 - k];
            }
            int codeBits = 32 - Integer.numberOfLeadingZeros(entries - 1);
            long bits = (long) block.length * (behind + codeBits) + (block.length - covered) * 32L + entries * 16L;
            best = Math.min(best, bits);
        }
        return best;
    }
}
