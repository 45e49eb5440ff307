package io.bucketry.domain;

import java.time.Duration;

/**
 * The one way durations are written for people, in every message, start line and report: the
 * largest unit that holds the duration whole ({@code 90d}, {@code 1h}, {@code 90m}, {@code 500ms},
 * {@code 250µs}), never ISO-8601's {@code PT2160H}; the configuration reads each form back.
 */
public final class DurationText {

    private static final long[] UNIT_SECONDS = {86_400, 3_600, 60, 1};
    private static final String[] UNIT_NAMES = {"d", "h", "m", "s"};

    private DurationText() {
    }

    /** The duration as people write it; {@code "null"} for null, as string concatenation would say. */
    public static String of(Duration duration) {
        if (duration == null) {
            return "null";
        }
        if (duration.isNegative()) {
            return duration.equals(Duration.ofSeconds(Long.MIN_VALUE)) ? duration.toString() : "-" + of(duration.negated());
        }
        long seconds = duration.getSeconds();
        int nanos = duration.getNano();
        if (nanos == 0) {
            for (int i = 0; i < UNIT_SECONDS.length; i++) {
                if (seconds != 0 && seconds % UNIT_SECONDS[i] == 0 || i == UNIT_SECONDS.length - 1) {
                    return seconds / UNIT_SECONDS[i] + UNIT_NAMES[i];
                }
            }
        }
        try {
            if (nanos % 1_000_000 == 0) {
                return Math.addExact(Math.multiplyExact(seconds, 1_000L), nanos / 1_000_000) + "ms";
            }
            if (nanos % 1_000 == 0) {
                return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1_000) + "µs";
            }
            return Math.addExact(Math.multiplyExact(seconds, 1_000_000_000L), nanos) + "ns";
        } catch (ArithmeticException e) {
            return duration.toString();
        }
    }
}
