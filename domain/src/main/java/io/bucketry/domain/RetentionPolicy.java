package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How long readings are kept. A reading older than now − retention is expired (refused on ingest,
 * never returned by a query); one more than {@code futureTolerance} ahead of now is from the
 * future. Storage may be reclaimed once a bucket is older than now − retention − grace.
 */
public record RetentionPolicy(Duration retention, Duration grace, Duration futureTolerance) {

    public static final Duration DEFAULT_RETENTION = Duration.ofDays(90);
    public static final Duration DEFAULT_GRACE = Duration.ofHours(1);
    public static final Duration DEFAULT_FUTURE_TOLERANCE = Duration.ofHours(1);

    public RetentionPolicy {
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(futureTolerance, "futureTolerance");
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("retention " + DurationText.of(retention) + " must be positive");
        }
        if (grace.isNegative()) {
            throw new IllegalArgumentException("grace " + DurationText.of(grace) + " must not be negative");
        }
        if (futureTolerance.isNegative()) {
            throw new IllegalArgumentException("future tolerance " + DurationText.of(futureTolerance) + " must not be negative");
        }
    }

    public static RetentionPolicy defaults() {
        return new RetentionPolicy(DEFAULT_RETENTION, DEFAULT_GRACE, DEFAULT_FUTURE_TOLERANCE);
    }

    public static RetentionPolicy of(Duration retention) {
        return new RetentionPolicy(retention, DEFAULT_GRACE, DEFAULT_FUTURE_TOLERANCE);
    }

    /**
     * The oldest instant still kept: readings before it are expired. Rounded up to a whole
     * millisecond (the precision of reading times), so that a query starting here never returns the
     * millisecond just before a sub-millisecond boundary, which {@link #check} calls expired.
     */
    public Instant oldestKept(Instant now) {
        return TimeRange.ceilToMillis(now.minus(retention));
    }

    /** Buckets whose readings all lie before this instant may be removed from storage. */
    public Instant reclaimableBefore(Instant now) {
        return now.minus(retention).minus(grace);
    }

    /** EXPIRED, FUTURE, or null when a reading at {@code time} may be stored at {@code now}. */
    public RejectionReason check(Instant time, Instant now) {
        return admission(now).check(time);
    }

    /** The times a reading may have at {@code now}; reuse it for a whole batch. */
    public Admission admission(Instant now) {
        return new Admission(oldestKept(now), now.plus(futureTolerance));
    }

    /** The closed range of times {@code [oldest, newest]} that may be stored at one instant. */
    public record Admission(Instant oldest, Instant newest) {

        /** EXPIRED, FUTURE, or null when {@code time} may be stored. */
        public RejectionReason check(Instant time) {
            if (time.isBefore(oldest)) {
                return RejectionReason.EXPIRED;
            }
            if (time.isAfter(newest)) {
                return RejectionReason.FUTURE;
            }
            return null;
        }
    }
}
