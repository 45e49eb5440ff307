package io.bucketry.server.lineprotocol;

import java.time.DateTimeException;
import java.time.Instant;

/** The unit of line-protocol timestamps, as the {@code precision} query parameter names it. */
public enum Precision {
    NANOSECONDS(1L),
    MICROSECONDS(1_000L),
    MILLISECONDS(1_000_000L),
    SECONDS(1_000_000_000L),
    MINUTES(60_000_000_000L),
    HOURS(3_600_000_000_000L);

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long nanos;

    Precision(long nanos) {
        this.nanos = nanos;
    }

    /** The InfluxDB 2 spelling ({@code ns us ms s}; none means ns); null when {@code text} is none of them. */
    public static Precision ofV2(String text) {
        return switch (text == null ? "" : text) {
            case "", "ns" -> NANOSECONDS;
            case "us" -> MICROSECONDS;
            case "ms" -> MILLISECONDS;
            case "s" -> SECONDS;
            default -> null;
        };
    }

    /** The InfluxDB 1 spelling ({@code n u ms s m h}, also ns and us; none means ns); null otherwise. */
    public static Precision ofV1(String text) {
        return switch (text == null ? "" : text) {
            case "n" -> NANOSECONDS;
            case "u" -> MICROSECONDS;
            case "m" -> MINUTES;
            case "h" -> HOURS;
            default -> ofV2(text);
        };
    }

    /** The instant {@code value} of this unit since the epoch; ArithmeticException if no instant is that far. */
    public Instant instant(long value) {
        try {
            if (nanos <= NANOS_PER_SECOND) {
                long perSecond = NANOS_PER_SECOND / nanos;
                return Instant.ofEpochSecond(Math.floorDiv(value, perSecond), Math.floorMod(value, perSecond) * nanos);
            }
            return Instant.ofEpochSecond(Math.multiplyExact(value, nanos / NANOS_PER_SECOND));
        } catch (DateTimeException e) {
            throw new ArithmeticException(e.getMessage());
        }
    }
}
