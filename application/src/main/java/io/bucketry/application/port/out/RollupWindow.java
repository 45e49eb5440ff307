package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One tier window of one series as it is to be stored: its slices per tags with the times of first and
 * last values ({@link TierWindow}), or null when no reading lies in it (then a stored one is removed).
 */
public record RollupWindow(SeriesId series, Duration tier, Instant start, TierWindow window) {

    public RollupWindow {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(start, "start");
        if (window != null && (!window.series().equals(series) || !window.start().equals(start)
                || !window.end().equals(start.plus(tier)))) {
            throw new IllegalArgumentException("rollup window " + start + " +" + tier + " of " + series
                    + " does not match its tier window " + window.start() + ".." + window.end());
        }
    }

    /** The aggregate of every reading of the window, whatever its tags; null when it is empty. */
    public WindowAggregate aggregate() {
        return window == null ? null : window.whole();
    }
}
