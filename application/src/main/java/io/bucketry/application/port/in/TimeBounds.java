package io.bucketry.application.port.in;

import java.time.Instant;

/**
 * The {@code [from, to)} a query asks for, each end absent (null: the oldest kept reading; no end),
 * an instant or relative to the request's instant; the use case resolves both at its one instant.
 */
public record TimeBounds(TimeBound from, TimeBound to) {

    private static final TimeBounds ALL = new TimeBounds(null, null);

    /** Both ends absent: everything kept. */
    public static TimeBounds all() {
        return ALL;
    }

    /** Between two instants, either null. */
    public static TimeBounds of(Instant from, Instant to) {
        return new TimeBounds(TimeBound.of(from), TimeBound.of(to));
    }

    /**
     * Refuses ends that are out of order whatever the request's instant: both instants, or both relative
     * to now; the use case judges the others at its instant.
     *
     * @throws InvalidRequestException INVALID_RANGE
     */
    public void requireOrdered() {
        boolean sameKind = from != null && to != null && from.getClass() == to.getClass();
        if (sameKind && !from.at(Instant.EPOCH).isBefore(to.at(Instant.EPOCH))) {
            throw new InvalidRequestException("INVALID_RANGE", "range start " + from + " is not before its end " + to);
        }
    }

    /** The start for a request at {@code now}; null when there is none. */
    public Instant from(Instant now) {
        return from == null ? null : from.at(now);
    }

    /** The end for a request at {@code now}; null when there is none. */
    public Instant to(Instant now) {
        return to == null ? null : to.at(now);
    }
}
