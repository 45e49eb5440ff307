package io.bucketry.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * A half-open range of time {@code [from, to)} in milliseconds. Bounds finer than a millisecond
 * are rounded up, so that the range holds exactly the millisecond readings it covers.
 */
public record TimeRange(Instant from, Instant to) {

    public TimeRange {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        from = ceilToMillis(from);
        to = ceilToMillis(to);
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("range start " + from + " is not before its end " + to);
        }
    }

    /** {@code time} rounded up to a whole millisecond. */
    public static Instant ceilToMillis(Instant time) {
        Instant truncated = Reading.truncate(time);
        return truncated.equals(time) ? time : truncated.plusMillis(1);
    }

    public static TimeRange of(Instant from, Instant to) {
        return new TimeRange(from, to);
    }

    public long fromMilli() {
        return from.toEpochMilli();
    }

    public long toMilli() {
        return to.toEpochMilli();
    }

    public boolean contains(long epochMilli) {
        return epochMilli >= fromMilli() && epochMilli < toMilli();
    }

    /** This range with its start moved up to {@code earliest}; null when nothing of it remains. */
    public TimeRange startingNoEarlierThan(Instant earliest) {
        Instant start = ceilToMillis(earliest);
        if (!from.isBefore(start)) {
            return this;
        }
        return start.isBefore(to) ? new TimeRange(start, to) : null;
    }

    @Override
    public String toString() {
        return "[" + from + ", " + to + ")";
    }
}
