package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One tier window of one series as it is to be stored: its aggregate, or null when no reading
 * lies in it (then a stored one is removed).
 */
public record RollupWindow(SeriesId series, Duration tier, Instant start, WindowAggregate aggregate) {

    public RollupWindow {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(start, "start");
        if (aggregate != null && (!aggregate.series().equals(series) || !aggregate.start().equals(start)
                || !aggregate.end().equals(start.plus(tier)))) {
            throw new IllegalArgumentException("rollup window " + start + " +" + tier + " of " + series
                    + " does not match its aggregate " + aggregate.start() + ".." + aggregate.end());
        }
    }
}
