package io.bucketry.tools.bench;

import io.bucketry.tools.simulate.Scenario;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The queries' range holds the whole stream and starts and ends on 5-minute windows. */
class QuerySpecTest {

    @Test
    void theRangeCoversEveryTickAlignedToTheWindows() {
        // 3 ticks a minute apart ending at 00:12:34.567: 00:10:34.567, 00:11:34.567, 00:12:34.567
        Scenario scenario = new Scenario(2, Duration.ofMinutes(1), Duration.ofMinutes(3), 0, 0, 10);

        QuerySpec spec = QuerySpec.of(scenario, Instant.parse("2026-01-01T00:12:34.567Z"));

        assertThat(Instant.ofEpochMilli(spec.from())).isEqualTo("2026-01-01T00:10:00Z");
        assertThat(Instant.ofEpochMilli(spec.to())).isEqualTo("2026-01-01T00:15:00Z");
        assertThat(Instant.ofEpochMilli(spec.recentFrom())).isEqualTo("2026-01-01T00:05:00Z");
        assertThat(spec.sensor()).isEqualTo("sensor-00001");
    }
}
