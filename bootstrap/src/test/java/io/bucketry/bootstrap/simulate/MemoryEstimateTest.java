package io.bucketry.bootstrap.simulate;

import io.bucketry.bootstrap.BucketryConfig;
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
                .backend(io.bucketry.bootstrap.Backend.MONGO_BUCKET).embeddedMongo(true).build(), 0);

        assertThat(estimate.sealedReadings()).isZero();
        assertThat(estimate.neededBytes()).isEqualTo(estimate.readings() * 2_048 + estimate.headroomBytes());
    }
}
