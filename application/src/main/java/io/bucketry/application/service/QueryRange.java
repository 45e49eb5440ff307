package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Turns a query's optional bounds into the range a store is asked for: the start is moved up to
 * the oldest kept instant, so that no backend ever returns an expired reading, whether or not it
 * has physically removed it yet.
 */
public final class QueryRange {

    private final RetentionPolicy retention;
    private final Clock clock;

    public QueryRange(RetentionPolicy retention, Clock clock) {
        this.retention = Objects.requireNonNull(retention, "retention");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The request's instant: a use case reads it once, at its entry, and passes it to every step that
     * asks what is kept or where a range ends, so that no two steps of one request see two presents.
     */
    public Instant now() {
        return clock.instant();
    }

    /**
     * The unexpired part of {@code [from, to)} as of {@code now}; null when nothing of it is unexpired.
     *
     * @throws InvalidRequestException INVALID_RANGE when {@code from} is not before {@code to}
     */
    public TimeRange resolve(Instant from, Instant to, Instant now) {
        return resolve(from, to, oldestKept(now), now);
    }

    /**
     * As {@link #resolve(Instant, Instant, Instant)}, with the start moved up to {@code oldest} (the oldest instant
     * the sources of the query answer) instead, and {@code oldest} as the start when there is none.
     */
    public TimeRange resolve(Instant from, Instant to, Instant oldest, Instant now) {
        Instant start = from == null ? oldest : from;
        Instant end = to == null ? now.plus(retention.futureTolerance()).plusMillis(1) : to;
        TimeRange range;
        try {
            range = new TimeRange(start, end);
        } catch (IllegalArgumentException e) {
            if (from == null || to == null) {
                return null;
            }
            throw new InvalidRequestException("INVALID_RANGE", e.getMessage());
        }
        return range.startingNoEarlierThan(oldest);
    }

    /** The oldest instant a query at {@code now} may return. */
    public Instant oldestKept(Instant now) {
        return retention.oldestKept(now);
    }

    /** The window size in milliseconds; INVALID_WINDOW unless positive and whole milliseconds. */
    static long windowMillis(Duration window) {
        try {
            return WindowAggregator.requirePositiveMillis(window);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("INVALID_WINDOW", e.getMessage());
        }
    }

    static InvalidRequestException tooManyWindows(long windows, int maxWindows) {
        return new InvalidRequestException("TOO_MANY_WINDOWS", "the aggregation would produce "
                + (windows > maxWindows ? windows : "more than " + maxWindows) + " windows; at most " + maxWindows
                + " are allowed: narrow the range or widen the window");
    }
}
