package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One rollup tier: per series, window aggregates of a fixed {@code window} (aligned to multiples of
 * it since the epoch, as every window is), kept for {@code retention}, which may outlive the raw
 * readings. A tier answers the windows that start at or after {@link #oldestKept}.
 */
public record RollupTier(Duration window, Duration retention) {

    /** No tier window is finer than this: finer windows are read from the raw buckets as cheaply. */
    public static final Duration MIN_WINDOW = Duration.ofMinutes(1);

    public RollupTier {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(retention, "retention");
        if (window.compareTo(MIN_WINDOW) < 0 || window.toMillis() % MIN_WINDOW.toMillis() != 0 || window.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("rollup window " + DurationText.of(window) + " must be a whole number of minutes"
                    + " (at least " + DurationText.of(MIN_WINDOW) + ")");
        }
        if (retention.compareTo(window) < 0) {
            throw new IllegalArgumentException("rollup retention " + DurationText.of(retention) + " is shorter than its window "
                    + DurationText.of(window));
        }
    }

    public long windowMillis() {
        return window.toMillis();
    }

    /** Start of this tier's window holding {@code epochMilli}. */
    public long windowStart(long epochMilli) {
        return Math.floorDiv(epochMilli, windowMillis()) * windowMillis();
    }

    /** The start of the oldest window this tier still answers at {@code now}: the first one starting at or after now − retention. */
    public Instant oldestKept(Instant now) {
        long cutoff = TimeRange.ceilToMillis(now.minus(retention)).toEpochMilli();
        long start = windowStart(cutoff);
        return Instant.ofEpochMilli(start == cutoff ? start : start + windowMillis());
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
