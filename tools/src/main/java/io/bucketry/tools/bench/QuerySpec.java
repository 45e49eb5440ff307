package io.bucketry.tools.bench;

import io.bucketry.tools.simulate.ReadingGenerator;
import io.bucketry.tools.simulate.Scenario;

import java.time.Instant;

/**
 * What the queries ask, in the stream's terms: {@code sensor} (the first) for Q1 and Q2, the range
 * {@code [from, to)} in epoch milliseconds that holds every reading, aligned to the 5-minute windows
 * (so that every system's windows are the same), and the last two windows of it for Q3.
 */
record QuerySpec(String sensor, int sensors, long from, long to) {

    static final long WINDOW = 300_000;

    /** The spec of the stream of {@code scenario} ending at {@code end}. */
    static QuerySpec of(Scenario scenario, Instant end) {
        long last = end.toEpochMilli();
        long first = last - (scenario.ticks() - 1) * scenario.interval().toMillis();
        return new QuerySpec(ReadingGenerator.sensorIds(scenario.sensors())[0], scenario.sensors(),
                Math.floorDiv(first, WINDOW) * WINDOW, Math.floorDiv(last, WINDOW) * WINDOW + WINDOW);
    }

    /** Where Q3's range starts: two windows before {@link #to}. */
    long recentFrom() {
        return to - 2 * WINDOW;
    }
}
