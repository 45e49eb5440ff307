package io.bucketry.domain;

import java.time.Duration;
import java.util.Objects;

/**
 * How readings are grouped into buckets, and when a bucket has room: either fixed time windows
 * ({@link Windowed}) or pages of a fixed number of readings in time order ({@link Paged}). Either
 * way a bucket holds at most {@link #maxCount()} readings and at most {@link #maxBytes()} of
 * stored size, and a full bucket never grows: the next reading of its group opens another bucket.
 */
public sealed interface BucketPolicy permits BucketPolicy.Windowed, BucketPolicy.Paged {

    Duration DEFAULT_WIDTH = Duration.ofHours(1);
    int DEFAULT_MAX_COUNT = 1000;
    /** 2 MiB: an eighth of MongoDB's 16 MiB document limit, leaving room for summaries and headers. */
    int DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
    int MAX_COUNT_LIMIT = 100_000;
    /**
     * Larger than the stored size of the largest valid reading (64 fields with 64-character names
     * and 256-character texts: about 53 KB as each store measures it, each store's tests check it),
     * so an empty bucket always has room for one reading; small enough for MongoDB.
     */
    int MIN_BYTES = 64 * 1024;
    int MAX_BYTES_LIMIT = 8 * 1024 * 1024;

    /** The most readings one bucket holds. */
    int maxCount();

    /** The most stored bytes (as the store measures them) one bucket holds. */
    int maxBytes();

    /**
     * The admission rule, which every store applies: a bucket holding {@code count} readings of
     * {@code bytes} has room for {@code addedCount} more of {@code addedBytes} when neither ceiling
     * is passed.
     */
    default boolean admits(long count, long bytes, int addedCount, long addedBytes) {
        return count + addedCount <= maxCount() && bytes + addedBytes <= maxBytes();
    }

    /** {@link #admits} for one reading. */
    default boolean admits(long count, long bytes, long readingBytes) {
        return admits(count, bytes, 1, readingBytes);
    }

    /** True when a bucket of {@code count} readings and {@code bytes} admits no reading at all. */
    default boolean isFull(long count, long bytes) {
        return count >= maxCount() || bytes >= maxBytes();
    }

    /** The most readings a bucket may already hold and still admit {@code added} more (the rule as a bound). */
    default int countAdmitting(int added) {
        return maxCount() - added;
    }

    /** The most bytes a bucket may already hold and still admit {@code addedBytes} more. */
    default long bytesAdmitting(long addedBytes) {
        return maxBytes() - addedBytes;
    }

    /** The default: one-hour windows of at most 1000 readings. */
    static Windowed defaults() {
        return windowed(DEFAULT_WIDTH, DEFAULT_MAX_COUNT);
    }

    static Windowed windowed(Duration width, int maxCount) {
        return new Windowed(width, maxCount, DEFAULT_MAX_BYTES);
    }

    /** Buckets that are pages of exactly {@code pageSize} readings in time order (seed 001). */
    static Paged paged(int pageSize) {
        return new Paged(pageSize, DEFAULT_MAX_BYTES);
    }

    /**
     * Windows aligned to multiples of {@code width} since the Unix epoch (UTC): a window's readings
     * go to its bucket of seq 0, then to overflow buckets 1, 2, … of the same window once it is full.
     * With {@link SubWindows} on, each bucket also keeps per-sub-window summaries of its fields.
     */
    record Windowed(Duration width, int maxCount, int maxBytes, SubWindows subWindows) implements BucketPolicy {

        public Windowed {
            Objects.requireNonNull(width, "width");
            Objects.requireNonNull(subWindows, "subWindows");
            if (width.isNegative() || width.isZero()) {
                throw new IllegalArgumentException("bucket width " + DurationText.of(width) + " must be positive");
            }
            if (width.getNano() % 1_000_000 != 0) {
                throw new IllegalArgumentException("bucket width " + DurationText.of(width) + " must be a whole number of milliseconds");
            }
            if (width.compareTo(Duration.ofMillis(Long.MAX_VALUE)) > 0) {
                throw new IllegalArgumentException("bucket width " + DurationText.of(width) + " is too large to count in milliseconds");
            }
            Limits.check(maxCount, maxBytes);
            subWindows.requireFit(width);
        }

        /** Windows without sub-window summaries. */
        public Windowed(Duration width, int maxCount, int maxBytes) {
            this(width, maxCount, maxBytes, SubWindows.off());
        }

        /** This policy with sub-window summaries of {@code subWindows}. */
        public Windowed withSubWindows(SubWindows subWindows) {
            return new Windowed(width, maxCount, maxBytes, subWindows);
        }

        public long widthMillis() {
            return width.toMillis();
        }

        /** The start of the window holding {@code epochMilli} (floor to a multiple of the width). */
        public long windowStart(long epochMilli) {
            long w = widthMillis();
            return Math.floorDiv(epochMilli, w) * w;
        }

        @Override
        public String toString() {
            return "windowed(" + DurationText.of(width) + ", " + maxCount
                    + (subWindows.isOn() ? ", sub-window " + subWindows : "") + ")";
        }
    }

    /**
     * Pages of {@code pageSize} readings in time order, each starting at its first reading's time; a
     * late reading into a full page splits it into two (a page is one bucket, seq 0).
     */
    record Paged(int pageSize, int maxBytes) implements BucketPolicy {

        public Paged {
            Limits.check(pageSize, maxBytes);
        }

        @Override
        public int maxCount() {
            return pageSize;
        }

        @Override
        public String toString() {
            return "paged(" + pageSize + ")";
        }
    }

    /** The ceilings both kinds share. */
    final class Limits {
        private Limits() {
        }

        static void check(int maxCount, int maxBytes) {
            if (maxCount < 1 || maxCount > MAX_COUNT_LIMIT) {
                throw new IllegalArgumentException("bucket max count " + maxCount + " must be between 1 and " + MAX_COUNT_LIMIT);
            }
            if (maxBytes < MIN_BYTES || maxBytes > MAX_BYTES_LIMIT) {
                throw new IllegalArgumentException("bucket max bytes " + maxBytes + " must be between " + MIN_BYTES
                        + " and " + MAX_BYTES_LIMIT);
            }
        }
    }
}
