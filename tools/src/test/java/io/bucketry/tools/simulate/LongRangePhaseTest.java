package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.simulate.SimulationReport.LongRangeView;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The long-range store: 91 days of one sensor, raw readings kept 7 days, the 90-day chart from the 1-hour tier. */
class LongRangePhaseTest {

    @Test
    void theNinetyDayChartHas2160HourlyWindowsThoseOlderThanTheRawRetentionFromTheTier() {
        // given
        Instant end = Instant.ofEpochMilli(System.currentTimeMillis());   // whole milliseconds, as simulate's end
        BucketryConfig main = BucketryConfig.builder().sweepInterval(Duration.ofDays(3650)).build();
        Scenario mainScenario = new Scenario(20, Duration.ofMinutes(1), Duration.ofHours(1), 0, 0, 10_000);

        // when
        LongRangeView view = new LongRangePhase(main, mainScenario, 1, LongRangePhase.DAYS, 10, 50,
                new PrintStream(OutputStream.nullOutputStream())).run(end);

        // then: 91 days at one reading a minute
        assertThat(view.readings()).isEqualTo(91L * 24 * 60);
        assertThat(view.retention()).isEqualTo("7d");
        assertThat(view.hourlyChart().windows()).isEqualTo(90 * 24);
        long to = Math.floorDiv(end.toEpochMilli(), 3_600_000L) * 3_600_000L;
        long from = to - Duration.ofDays(90).toMillis();
        long rawOldest = end.minus(Duration.ofDays(7)).toEpochMilli();
        long older = 0;
        for (long start = from; start < to; start += 3_600_000L) {
            older += start < rawOldest ? 1 : 0;
        }
        assertThat(view.hourlyChart().windowsPastRawRetention()).isEqualTo(older).isGreaterThan(80 * 24);
        assertThat(view.hourlyChart().p50Micros()).isPositive().isLessThanOrEqualTo(view.hourlyChart().p99Micros());
        // seven days back from the end, both ends included
        assertThat(view.sevenDayQuery().readings()).isEqualTo(7 * 24 * 60 + 1);
        assertThat(view.sevenDayQuery().p50Micros()).isPositive().isLessThanOrEqualTo(view.sevenDayQuery().p99Micros());
        assertThat(view.readingsPerSecond()).isPositive();
        assertThat(view.hourlyChart().runs()).isEqualTo(50);
    }
}
