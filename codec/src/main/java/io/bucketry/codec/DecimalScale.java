package io.bucketry.codec;

/**
 * The ALP scale of a block of doubles: an exponent {@code e} and a factor {@code f} ({@code f ≤ e}) such that
 * {@code digits = round(v · 10^e · 10^-f)} and, back, {@code v = digits · 10^f / 10^e} — bit for bit, or the
 * value is an exception. Chosen per block on a sample (ALP, Afroozeh et al., SIGMOD 2024, sections 3–4).
 */
record DecimalScale(int exponent, int factor) {

    static final int MAX_EXPONENT = 18;
    /** Beyond 2^52 a double's rounding is no longer to the unit, so larger scaled values are exceptions. */
    private static final double MAX_DIGITS = 0x1p52;
    static final int SAMPLE = 32;
    private static final double NEAR_INTEGER = 0x1p-50;
    private static final double[] TEN = new double[MAX_EXPONENT + 1];

    static {
        for (int e = 0; e <= MAX_EXPONENT; e++) {
            TEN[e] = Double.parseDouble("1e" + e);
        }
    }

    /** The digits of {@code value}, or {@link Long#MIN_VALUE} when it does not round-trip bit-exactly. */
    long digits(double value) {
        return factor == 0 ? digits(value, TEN[exponent]) : digits(value, exponent, factor);
    }

    /**
     * {@link #digits(double)} at factor 0 (nearly every block), with {@code ten} = 10^e: the same values,
     * since multiplying or dividing by 10^0 = 1.0 is exact, without those two operations (a division
     * is the dearest step of sealing).
     */
    static long digits(double value, double ten) {
        double scaled = value * ten;
        if (!(Math.abs(scaled) <= MAX_DIGITS)) {
            return Long.MIN_VALUE;
        }
        double rounded = Math.rint(scaled);
        // a value that round-trips has scaled within 2.3e-16 · |scaled| of its digits (two roundings of
        // 2^-53 each): one further off cannot, so most wrong exponents are refused before the division
        // (the subtraction is exact by Sterbenz's lemma; the bound is 4× that)
        if (Math.abs(scaled - rounded) > NEAR_INTEGER * Math.abs(scaled)) {
            return Long.MIN_VALUE;
        }
        long digits = (long) rounded;
        return Double.doubleToRawLongBits((double) digits / ten) == Double.doubleToRawLongBits(value) ? digits : Long.MIN_VALUE;
    }

    private static long digits(double value, int exponent, int factor) {
        double scaled = value * TEN[exponent] / TEN[factor];
        if (!(Math.abs(scaled) <= MAX_DIGITS)) {
            return Long.MIN_VALUE;
        }
        long digits = (long) Math.rint(scaled);
        return Double.doubleToRawLongBits((double) digits * TEN[factor] / TEN[exponent]) == Double.doubleToRawLongBits(value)
                ? digits : Long.MIN_VALUE;
    }

    /** The double that {@code digits} stand for; the decoder's loop computes the very same expression. */
    double value(long digits) {
        return (double) digits * TEN[factor] / TEN[exponent];
    }

    double ten() {
        return TEN[factor];
    }

    /** The divisor: a division by the exact power of ten is correctly rounded, a multiplication by 10^-e is not. */
    double divisor() {
        return TEN[exponent];
    }

    /**
     * The best scale for {@code values[from, to)} on a sample, or null when no sampled value is decimal:
     * each sampled value proposes the smallest exponent that makes it an integer, and of those proposals
     * (with every factor up to them) the one whose sample packs narrowest wins.
     */
    static DecimalScale choose(double[] values, int from, int to) {
        return choose(values, from, to, new int[SAMPLE], new long[SAMPLE]);
    }

    /**
     * As {@link #choose(double[], int, int)}, leaving in {@code smallest[s]} and {@code smallestDigits[s]}
     * the smallest exponent of sample {@code s} (value {@code from + s * step(from, to)}) and its digits
     * there, for {@link #sampledDigits}.
     */
    static DecimalScale choose(double[] values, int from, int to, int[] smallest, long[] smallestDigits) {
        int step = step(from, to);
        int proposed = 0;
        // each sample's smallest exponent and its digits there, found once: a factor-0 scale reads its
        // digits from these wherever that exponent was tried on the way (one pass of the division each)
        for (int i = from, s = 0; i < to; i += step, s++) {
            int exponent = smallestExponent(values[i], smallestDigits, s);
            smallest[s] = exponent;
            proposed |= exponent < 0 ? 0 : 1 << exponent;
        }
        DecimalScale best = null;
        long bestCost = Long.MAX_VALUE;
        // the widest exponent first, factor 0 first: on decimal data the best scale comes early and the
        // sample of every other is abandoned after a few exceptions (sealing 60-row buckets spends most of
        // its time here); a tie keeps the smallest (e, f), as an ascending search would
        for (int e = MAX_EXPONENT; e >= 0; e--) {
            for (int f = 0; f <= e && (proposed & (1 << e)) != 0; f++) {
                DecimalScale scale = new DecimalScale(e, f);
                long cost = scale.sampleCost(values, from, to, step, bestCost, smallest, smallestDigits);
                if (cost < bestCost || cost == bestCost && cost != Long.MAX_VALUE && scale.isBefore(best)) {
                    best = scale;
                    bestCost = cost;
                }
            }
        }
        return best;
    }

    /** Every how many values of {@code [from, to)} one is sampled. */
    static int step(int from, int to) {
        return (to - from + SAMPLE - 1) / SAMPLE;
    }

    /**
     * The digits of sample {@code s} at this scale as {@link #choose} found them on the way, or
     * {@link Long#MAX_VALUE} when they are not known (then {@link #digits(double)} answers them).
     */
    long sampledDigits(int s, int[] smallest, long[] smallestDigits) {
        int known = smallest[s];
        return factor == 0 && (known < 0 || known >= exponent)
                ? known == exponent ? smallestDigits[s] : Long.MIN_VALUE
                : Long.MAX_VALUE;
    }

    /** True when this scale comes before {@code other} in (exponent, factor) order. */
    private boolean isBefore(DecimalScale other) {
        return exponent < other.exponent || exponent == other.exponent && factor < other.factor;
    }

    /**
     * The smallest exponent that makes {@code value} an integer, or -1 (also for values too large to scale);
     * its digits there go to {@code digits[at]}.
     */
    private static int smallestExponent(double value, long[] digits, int at) {
        for (int e = 0; e <= MAX_EXPONENT && Math.abs(value) * TEN[e] <= MAX_DIGITS; e++) {
            digits[at] = digits(value, TEN[e]);
            if (digits[at] != Long.MIN_VALUE) {
                return e;
            }
        }
        return -1;   // so every exponent fails: those tried did, the rest scale it beyond MAX_DIGITS
    }

    /**
     * The bits the sample would take at this scale, or {@link Long#MAX_VALUE} once it would take more than
     * {@code bound}. At factor 0 a sample whose smallest exponent is this one's or above (or none) is known
     * already: its digits, or an exception (every smaller exponent was tried and failed, or was out of range).
     */
    private long sampleCost(double[] values, int from, int to, int step, long bound, int[] smallest, long[] smallestDigits) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int sampled = 0;
        int exceptions = 0;
        for (int i = from; i < to; i += step) {
            long digits = sampledDigits(sampled, smallest, smallestDigits);
            digits = digits == Long.MAX_VALUE ? digits(values[i]) : digits;
            sampled++;
            if (digits == Long.MIN_VALUE) {
                exceptions++;
                if (exceptions * (64L + 10) > bound) {
                    return Long.MAX_VALUE;
                }
            } else {
                min = Math.min(min, digits);
                max = Math.max(max, digits);
            }
        }
        int width = min > max ? 0 : BitWriter.width(max - min);
        return (long) width * sampled + exceptions * (64L + 10);
    }
}
