package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One rollup tier: per series, window aggregates of a fixed {@code window} (aligned to multiples of
 * it since the epoch, as every window is), kept for {@code retention}, which may outlive the raw
 * readings. A tier answers the windows that start at or after {@link #oldestKept}.
 *
 * @param coveredSince the tier holds every window starting at or after this instant: the time it was
 *        first used on a store that already held readings (plus the future tolerance), or
 *        {@link #ALWAYS} when it has been on since the store was empty
 */
public record RollupTier(Duration window, Duration retention, Instant coveredSince) {

    /** The tier has been kept since the store was empty: it holds every window. */
    public static final Instant ALWAYS = Instant.ofEpochMilli(Long.MIN_VALUE);

    /** No tier window is finer than this: finer windows are read from the raw buckets as cheaply. */
    public static final Duration MIN_WINDOW = Duration.ofMinutes(1);

    public RollupTier {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(coveredSince, "coveredSince");
        if (window.compareTo(MIN_WINDOW) < 0 || window.toMillis() % MIN_WINDOW.toMillis() != 0 || window.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("rollup window " + DurationText.of(window) + " must be a whole number of minutes"
                    + " (at least " + DurationText.of(MIN_WINDOW) + ")");
        }
        if (retention.compareTo(window) < 0) {
            throw new IllegalArgumentException("rollup retention " + DurationText.of(retention) + " is shorter than its window "
                    + DurationText.of(window));
        }
    }

    /** A tier as configured, before it is known since when a store has kept it. */
    public RollupTier(Duration window, Duration retention) {
        this(window, retention, ALWAYS);
    }

    /** This tier, holding every window from {@code since} on. */
    public RollupTier coveringSince(Instant since) {
        return new RollupTier(window, retention, since);
    }

    public long windowMillis() {
        return window.toMillis();
    }

    /** Start of this tier's window holding {@code epochMilli}. */
    public long windowStart(long epochMilli) {
        return Math.floorDiv(epochMilli, windowMillis()) * windowMillis();
    }

    /**
     * The start of the oldest window this tier answers at {@code now}: the first one starting at or after
     * now − retention and at or after {@link #coveredSince}.
     */
    public Instant oldestKept(Instant now) {
        Instant cutoff = TimeRange.ceilToMillis(now.minus(retention));
        return windowAtOrAfter(coveredSince.isAfter(cutoff) ? coveredSince : cutoff);
    }

    private Instant windowAtOrAfter(Instant time) {
        long millis = TimeRange.ceilToMillis(time).toEpochMilli();
        long start = windowStart(millis);
        return Instant.ofEpochMilli(start == millis ? start : start + windowMillis());
    }

    /** True when windows of {@code window} are whole numbers of this tier's windows. */
    public boolean divides(Duration window) {
        long millis = window.toMillis();
        return millis >= windowMillis() && millis % windowMillis() == 0;
    }

    @Override
    public String toString() {
        return "{window: " + DurationText.of(window) + ", retention: " + DurationText.of(retention) + "}";
    }
}
