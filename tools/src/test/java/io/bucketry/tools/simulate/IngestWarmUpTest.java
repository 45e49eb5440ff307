package io.bucketry.tools.simulate;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's scratch scenario: the scenario's shape, never larger than its caps, always valid. */
class IngestWarmUpTest {

    @Test
    void theDefaultScenarioWarmsUpOnAThousandSensorsOverADay() {
        Scenario scratch = IngestWarmUp.scratchOf(new Scenario(25_000, Duration.ofSeconds(60), Duration.ofHours(24),
                0.1, 0.2, 10_000));

        assertThat(scratch).isEqualTo(new Scenario(1_000, Duration.ofSeconds(60), Duration.ofHours(24), 0.1, 0.2, 10_000));
        assertThat(scratch.readings()).isEqualTo(IngestWarmUp.MAX_READINGS);
    }

    @Test
    void aFastScenarioIsCappedByReadingsNotByHours() {
        Scenario scratch = IngestWarmUp.scratchOf(new Scenario(1_000, Duration.ofSeconds(1), Duration.ofHours(24),
                0, 0, 10_000));

        assertThat(scratch.readings()).isEqualTo(IngestWarmUp.MAX_READINGS);
        assertThat(scratch.duration()).isEqualTo(Duration.ofMinutes(24));
    }

    @Test
    void intervalsLongerThanADayStillGiveAValidScenario() {
        Scenario scratch = IngestWarmUp.scratchOf(new Scenario(3, Duration.ofHours(48), Duration.ofHours(96), 0, 0, 10));

        assertThat(scratch).isEqualTo(new Scenario(3, Duration.ofHours(48), Duration.ofHours(96), 0, 0, 10));
    }

    @Test
    void aSmallScenarioWarmsUpOnItsOwnShape() {
        Scenario small = new Scenario(5, Duration.ofMinutes(1), Duration.ofMinutes(30), 0, 0, 7);

        assertThat(IngestWarmUp.scratchOf(small)).isEqualTo(small);
    }
}
