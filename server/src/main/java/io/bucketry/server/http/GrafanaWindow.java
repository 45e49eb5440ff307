package io.bucketry.server.http;

import java.time.Duration;
import java.time.Instant;

/**
 * The window of a Grafana query: the smallest round size (1 s, 5 s, 1 min, 5 min, 1 h, …) at least
 * Grafana's {@code intervalMs} whose epoch-aligned windows over the range number at most
 * {@code maxDataPoints}, so that one aggregate window gives one data point and no panel gets more.
 */
final class GrafanaWindow {

    private static final long SECOND = 1000;
    private static final long MINUTE = 60 * SECOND;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;
    private static final long[] STEPS = {1, 2, 5, 10, 20, 50, 100, 200, 500, SECOND, 2 * SECOND, 5 * SECOND,
        10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE,
        HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY};

    private GrafanaWindow() {
    }

    /**
     * The window for {@code [from, to)} (from before to) with at most {@code maxPoints} (positive)
     * windows, none shorter than {@code intervalMs} (0: no lower bound); past a day, whole days doubled.
     */
    static Duration choose(Instant from, Instant to, long maxPoints, long intervalMs) {
        long start = from.toEpochMilli();
        long end = to.toEpochMilli() + (to.getNano() % 1_000_000 == 0 ? 0 : 1);   // exclusive, whole ms
        long wanted = Math.max(intervalMs, Math.max(1, ceilDiv(end - start, maxPoints)));
        long size = STEPS[0];
        for (int i = 0; size < wanted || windows(start, end, size) > maxPoints; i++) {
            if (size > Long.MAX_VALUE / 4) {
                throw ApiException.badRequest("INVALID_MAX_DATA_POINTS", "maxDataPoints " + maxPoints
                        + " cannot cover the range from " + from + " to " + to + " with windows aligned to the epoch");
            }
            size = i + 1 < STEPS.length ? STEPS[i + 1] : size * 2;
        }
        return Duration.ofMillis(size);
    }

    /** How many windows of {@code size} ms aligned to the epoch meet {@code [start, end)}. */
    static long windows(long start, long end, long size) {
        return Math.floorDiv(end - 1, size) - Math.floorDiv(start, size) + 1;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
