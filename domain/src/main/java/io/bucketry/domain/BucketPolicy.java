package io.bucketry.domain;

import java.time.Duration;

/**
 * How readings are grouped into buckets. A windowed policy has a {@code width} (windows aligned to
 * multiples of the width since the Unix epoch, UTC); a paged policy has none and its buckets are
 * pages of {@code maxCount} readings in time order. Either way a bucket holds at most
 * {@code maxCount} readings and at most {@code maxBytes} of stored size; a full bucket never grows.
 *
 * @param width the window width, or null for a paged policy
 */
public record BucketPolicy(Duration width, int maxCount, int maxBytes) {

    public static final Duration DEFAULT_WIDTH = Duration.ofHours(1);
    public static final int DEFAULT_MAX_COUNT = 1000;
    /** 2 MiB: an eighth of MongoDB's 16 MiB document limit, leaving room for summaries and headers. */
    public static final int DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
    public static final int MAX_COUNT_LIMIT = 100_000;
    /** Large enough for one reading of 64 fields with 256-character texts, small enough for MongoDB. */
    public static final int MIN_BYTES = 64 * 1024;
    public static final int MAX_BYTES_LIMIT = 8 * 1024 * 1024;

    public BucketPolicy {
        if (width != null) {
            if (width.isNegative() || width.isZero()) {
                throw new IllegalArgumentException("bucket width " + DurationText.of(width) + " must be positive");
            }
            if (width.getNano() % 1_000_000 != 0) {
                throw new IllegalArgumentException("bucket width " + DurationText.of(width) + " must be a whole number of milliseconds");
            }
            if (width.compareTo(Duration.ofMillis(Long.MAX_VALUE)) > 0) {
                throw new IllegalArgumentException("bucket width " + DurationText.of(width) + " is too large to count in milliseconds");
            }
        }
        if (maxCount < 1 || maxCount > MAX_COUNT_LIMIT) {
            throw new IllegalArgumentException("bucket max count " + maxCount + " must be between 1 and " + MAX_COUNT_LIMIT);
        }
        if (maxBytes < MIN_BYTES || maxBytes > MAX_BYTES_LIMIT) {
            throw new IllegalArgumentException("bucket max bytes " + maxBytes + " must be between " + MIN_BYTES
                    + " and " + MAX_BYTES_LIMIT);
        }
    }

    /** The default: one-hour windows of at most 1000 readings. */
    public static BucketPolicy defaults() {
        return windowed(DEFAULT_WIDTH, DEFAULT_MAX_COUNT);
    }

    public static BucketPolicy windowed(Duration width, int maxCount) {
        return new BucketPolicy(java.util.Objects.requireNonNull(width, "width"), maxCount, DEFAULT_MAX_BYTES);
    }

    /** Buckets that are pages of exactly {@code pageSize} readings in time order (seed 001). */
    public static BucketPolicy paged(int pageSize) {
        return new BucketPolicy(null, pageSize, DEFAULT_MAX_BYTES);
    }

    public boolean isPaged() {
        return width == null;
    }

    public long widthMillis() {
        requireWindowed();
        return width.toMillis();
    }

    /** The start of the window holding {@code epochMilli} (floor to a multiple of the width). */
    public long windowStart(long epochMilli) {
        long w = widthMillis();
        return Math.floorDiv(epochMilli, w) * w;
    }

    private void requireWindowed() {
        if (width == null) {
            throw new IllegalStateException("a paged bucket policy has no window width");
        }
    }

    @Override
    public String toString() {
        return isPaged() ? "paged(" + maxCount + ")" : "windowed(" + DurationText.of(width) + ", " + maxCount + ")";
    }
}
