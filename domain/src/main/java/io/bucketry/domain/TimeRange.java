package io.bucketry.domain;

import java.time.Instant;
import java.util.Objects;

/** A half-open range of time {@code [from, to)}, in milliseconds (finer input is truncated). */
public record TimeRange(Instant from, Instant to) {

    public TimeRange {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        from = Reading.truncate(from);
        to = Reading.truncate(to);
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("range start " + from + " is not before its end " + to);
        }
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
        if (!from.isBefore(earliest)) {
            return this;
        }
        return earliest.isBefore(to) ? new TimeRange(earliest, to) : null;
    }

    @Override
    public String toString() {
        return "[" + from + ", " + to + ")";
    }
}
