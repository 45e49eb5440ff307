package io.bucketry.server.http;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The window of a Grafana query: round, aligned, at least intervalMs, at most maxDataPoints windows. */
class GrafanaWindowTest {

    @Test
    void theDocumentedSixHourQueryGetsOneMinuteWindows() {
        // given: the documented request's range (6 h), interval (30 s) and maxDataPoints (550)
        Instant from = Instant.parse("2016-10-31T06:33:44.866Z");
        Instant to = Instant.parse("2016-10-31T12:33:44.866Z");

        // when
        Duration window = GrafanaWindow.choose(from, to, 550, 30_000);

        // then: 30 s windows would be 721 > 550 (6 h / 30 s, plus one for the unaligned start); 1 min gives 361
        assertThat(GrafanaWindow.windows(from.toEpochMilli(), to.toEpochMilli(), 30_000)).isEqualTo(721);
        assertThat(window).isEqualTo(Duration.ofMinutes(1));
        assertThat(GrafanaWindow.windows(from.toEpochMilli(), to.toEpochMilli(), 60_000)).isEqualTo(361);
    }

    @Test
    void aLargerIntervalThanTheRangeNeedsIsKept() {
        Instant from = Instant.parse("2026-07-21T22:00:00Z");

        Duration window = GrafanaWindow.choose(from, from.plusSeconds(3600), 1000, 300_000);

        assertThat(window).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void randomRangesNeverGetMoreWindowsThanMaxDataPointsNorShorterThanTheInterval() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            long start = 1_700_000_000_000L + random.nextInt(1_000_000_000);
            long span = 1 + (long) Math.pow(10, random.nextDouble() * 10);   // 1 ms to ~115 days
            long maxPoints = 1 + random.nextInt(random.nextBoolean() ? 5 : 2000);
            long interval = random.nextBoolean() ? 0 : 1 + random.nextInt(600_000);

            long size = GrafanaWindow.choose(Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + span),
                    maxPoints, interval).toMillis();

            // counted independently: the aligned window starts from the one holding start to the one holding end - 1
            long count = 0;
            for (long w = Math.floorDiv(start, size) * size; w < start + span && count <= maxPoints; w += size) {
                count++;
            }
            String what = "seed " + seed + ": start " + start + " span " + span + " maxPoints " + maxPoints
                    + " interval " + interval + " -> window " + size;
            assertThat(count).as(what).isLessThanOrEqualTo(maxPoints);
            assertThat(size).as(what).isGreaterThanOrEqualTo(Math.max(1, interval));
        }
    }

    @Test
    void subMillisecondEndsCountTheirMillisecond() {
        // [0.000, 1.0005) meets milliseconds 0 and 1 of 1 ms windows: two windows, so one point needs a wider window
        Instant from = Instant.parse("2026-07-21T22:00:00Z");

        Duration window = GrafanaWindow.choose(from, from.plusNanos(1_000_500), 1, 0);

        assertThat(window.toMillis()).isGreaterThan(1);
    }
}
