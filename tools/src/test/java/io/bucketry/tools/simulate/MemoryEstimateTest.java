package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;

import java.io.PrintStream;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** simulate's memory estimate counts the in-memory store's sealed buckets at their own budget. */
class MemoryEstimateTest {

    private static final Scenario THIRTY_DAYS = new Scenario(25_000, Duration.ofMinutes(1), Duration.ofDays(30), 0, 0, 10_000);

    @Test
    void thirtyDaysOfTheCaseStudyAreEstimatedSealedExceptTheirLastWindows() {
        // given: the default configuration (1 h windows, sealAfter 10m), without the extra phases
        Simulation simulation = new Simulation(THIRTY_DAYS, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()), false)
                .withExtraPhases(false);

        // when
        MemoryEstimate estimate = simulation.memoryEstimate(BucketryConfig.defaults(), 0);

        // then: the last 2 h 10 min of each sensor are open (131 readings), the rest sealed
        assertThat(estimate.readings()).isEqualTo(25_000L * 30 * 24 * 60);
        assertThat(estimate.readings() - estimate.sealedReadings()).isEqualTo(25_000L * 131);
        assertThat(estimate.neededBytes()).isEqualTo(estimate.sealedReadings() * MemoryEstimate.SEALED_BYTES_PER_READING
                + 25_000L * 131 * 64 + estimate.headroomBytes());
        assertThat(estimate.neededBytes()).as("fits a 24 GB machine").isLessThan(20L << 30);
        assertThat(estimate.refusal()).contains("sealed at 12 bytes", "open at 64 bytes per reading", "-Xmx");
    }

    @Test
    void theExtraPhasesAddTheirCopiesOfTheLastTwentyMinutesOfEverySensorAsOpenReadings() {
        Simulation simulation = new Simulation(THIRTY_DAYS, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()), false);

        MemoryEstimate estimate = simulation.memoryEstimate(BucketryConfig.defaults(), 0);

        // 131 open readings per sensor as above, and 21 readings (20 minutes, both ends) held four times
        assertThat(estimate.readings() - estimate.sealedReadings()).isEqualTo(25_000L * (131 + 4 * 21));
    }

    @Test
    void aStoreThatDoesNotSealIsEstimatedAtItsRowBudget() {
        Simulation simulation = new Simulation(THIRTY_DAYS, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()), false);

        MemoryEstimate estimate = simulation.memoryEstimate(BucketryConfig.builder()
                .backend(io.bucketry.bootstrap.config.Backend.MONGO_BUCKET).embeddedMongo(true).build(), 0);

        assertThat(estimate.sealedReadings()).isZero();
        assertThat(estimate.neededBytes()).isEqualTo(estimate.readings() * 2_048 + estimate.headroomBytes());
    }

    @Test
    void subWindowSummariesAddTheirBudgetToEveryReadingOpenAndSealed() {
        // given: 5-minute sub-windows in 1-hour buckets of 60 readings: 12 sub-windows x 2 numeric fields per bucket
        Simulation simulation = new Simulation(THIRTY_DAYS, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()), false)
                .withExtraPhases(false);
        BucketryConfig config = BucketryConfig.defaults().toBuilder().subWindow(Duration.ofMinutes(5)).build();

        // when
        MemoryEstimate with = simulation.memoryEstimate(config, 0);
        MemoryEstimate without = simulation.memoryEstimate(BucketryConfig.defaults(), 0);

        // then
        int perReading = (12 * 2 * MemoryEstimate.SUB_WINDOW_FIELD_BYTES + 59) / 60;
        assertThat(with.sealedBytesPerReading()).isEqualTo(MemoryEstimate.SEALED_BYTES_PER_READING + perReading);
        assertThat(with.bytesPerReading()).isEqualTo(without.bytesPerReading() + perReading);
        assertThat(with.neededBytes() - without.neededBytes()).isEqualTo(with.readings() * perReading);
    }
}
