package io.bucketry.server.influxql;

import java.time.Instant;

/**
 * The milliseconds a statement reads, {@code [from, to)}: its time conditions rounded inward to the
 * millisecond times readings have ({@link Long#MIN_VALUE} / {@link Long#MAX_VALUE}: unbounded).
 */
record Span(long from, long to) {

    private static final long NANOS_PER_MILLI = 1_000_000L;

    /** The span of {@code conditions}; without an upper bound, up to {@code nowNanos} when {@code untilNow}. */
    static Span of(Conditions conditions, long nowNanos, boolean untilNow) {
        long from = conditions.hasMin() ? -Math.floorDiv(-conditions.min(), NANOS_PER_MILLI) : Long.MIN_VALUE;
        long max = conditions.hasMax() ? conditions.max() : untilNow ? nowNanos : Long.MAX_VALUE;
        long to = max == Long.MAX_VALUE ? Long.MAX_VALUE : Math.floorDiv(max, NANOS_PER_MILLI) + 1;
        return new Span(from, to);
    }

    boolean empty() {
        return from >= to;
    }

    boolean bounded() {
        return from != Long.MIN_VALUE && to != Long.MAX_VALUE;
    }

    Instant fromInstant() {
        return from == Long.MIN_VALUE ? null : Instant.ofEpochMilli(from);
    }

    Instant toInstant() {
        return to == Long.MAX_VALUE ? null : Instant.ofEpochMilli(to);
    }

    static long nanos(long millis) {
        return millis * NANOS_PER_MILLI;
    }
}
