package io.bucketry.server.influxql;

import java.time.Instant;
import java.time.format.DateTimeFormatter;

/** How answers write times: RFC 3339 with the fraction's trailing zeros left out (the default), or an epoch in a unit. */
public enum Epoch {
    RFC3339(0), NS(1L), U(1_000L), MS(1_000_000L), S(1_000_000_000L), M(60_000_000_000L), H(3_600_000_000_000L);

    private final long nanos;

    Epoch(long nanos) {
        this.nanos = nanos;
    }

    /** The unit of the {@code epoch} parameter (null or empty: RFC 3339); null when it names none. */
    public static Epoch of(String parameter) {
        if (parameter == null || parameter.isEmpty()) {
            return RFC3339;
        }
        return switch (parameter) {
            case "ns", "n" -> NS;
            case "u", "µ" -> U;
            case "ms" -> MS;
            case "s" -> S;
            case "m" -> M;
            case "h" -> H;
            default -> null;
        };
    }

    /** {@code timeNanos} in this form (as Go's RFC3339Nano: {@code 2026-07-21T23:00:10.01Z}): a Long for an epoch, a String for RFC 3339. */
    Object format(long timeNanos) {
        if (this == RFC3339) {
            long nano = Math.floorMod(timeNanos, 1_000_000_000L);
            String seconds = DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochSecond(Math.floorDiv(timeNanos, 1_000_000_000L)));
            if (nano == 0) {
                return seconds;
            }
            String fraction = String.format("%09d", nano).replaceAll("0+$", "");
            return seconds.substring(0, seconds.length() - 1) + "." + fraction + "Z";
        }
        return timeNanos / nanos;
    }
}
