package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * When a bucket stops taking in-order writes and may be stored sealed (as compressed columns): a
 * window once it has ended and {@code sealAfter} more has passed (the lateness allowance), a page
 * once it is full. A reading that arrives for a sealed bucket is still stored in place; sealing
 * changes how a bucket is stored, never which readings it holds.
 */
public record SealPolicy(Duration sealAfter) {

    /** Ten minutes after a window's end: late enough for a network hiccup, early enough to save memory. */
    public static final Duration DEFAULT_SEAL_AFTER = Duration.ofMinutes(10);

    public SealPolicy {
        Objects.requireNonNull(sealAfter, "sealAfter");
        if (sealAfter.isNegative()) {
            throw new IllegalArgumentException("sealAfter " + DurationText.of(sealAfter) + " must not be negative");
        }
    }

    public static SealPolicy defaults() {
        return new SealPolicy(DEFAULT_SEAL_AFTER);
    }

    /** Seals each window as soon as it has ended (tests use it to run every case on sealed buckets). */
    public static SealPolicy immediate() {
        return new SealPolicy(Duration.ZERO);
    }

    /**
     * True when a bucket of {@code policy} starting at {@code start}, holding {@code count} readings,
     * may be sealed at {@code now}: its window ended at least {@code sealAfter} ago, or it is a full page.
     */
    public boolean isSealable(BucketPolicy policy, long start, int count, Instant now) {
        return isSealableBy(policy, start, count, sealableEnd(now));
    }

    /**
     * The same rule with {@link #sealableEnd} worked out once: a store that checks many buckets at one
     * instant (a batch, a maintenance pass) computes the end once and asks this per bucket.
     */
    public boolean isSealableBy(BucketPolicy policy, long start, int count, long sealableEnd) {
        if (policy instanceof BucketPolicy.Windowed windowed) {
            return windowEnd(windowed, start) <= sealableEnd;
        }
        return count >= policy.maxCount();
    }

    /** Windows ending at or before this epoch millisecond may be sealed at {@code now}. */
    public long sealableEnd(Instant now) {
        return now.minus(sealAfter).toEpochMilli();
    }

    private static long windowEnd(BucketPolicy.Windowed windowed, long start) {
        try {
            return Math.addExact(start, windowed.widthMillis());
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;   // the last window of time ends after every clock
        }
    }
}
