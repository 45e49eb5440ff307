package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up's scratch scenario: the scenario's shape, never larger than its caps, always valid; and the
 * warm-up goes on past that stream, on the scratch store emptied, until the JIT is quiet.
 */
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

    @Test
    void theWarmUpGoesOnPastItsStreamOnTheEmptiedScratchStoreUntilTheJitIsQuiet() {
        // given a stream of two batches (5 sensors x 30 minutes, 100 a batch), a clock moving 30 ms a reading
        // and a JIT that compiles nothing: two quiet slices of 100 ms are about seven batches
        Scenario small = new Scenario(5, Duration.ofMinutes(1), Duration.ofMinutes(30), 0, 0, 100);
        AtomicLong clock = new AtomicLong();
        JitWarmUp jit = new JitWarmUp(() -> 0, () -> clock.addAndGet(30_000_000));
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        IngestWarmUp.Outcome outcome = IngestWarmUp.run(small, BucketryConfig.defaults(), Instant.parse("2026-12-01T00:00:00Z"),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, jit);

        // then the whole stream was ingested, and readings after it: the stream anew, not refused as duplicates
        assertThat(outcome.streamReadings()).isEqualTo(150);
        assertThat(outcome.jit().runs()).isGreaterThan(2);
        assertThat(outcome.acceptedAfter()).isPositive();
        assertThat(outcome.jit().quiet()).isTrue();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("warm-up done: ", "until the JIT was quiet");
    }
}
