package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.io.PrintStream;
import java.time.Instant;

/**
 * Lets the JIT compile the ingest path before it is timed, as the dashboard benchmark's warm-up
 * runs do for queries: a scratch stream of the scenario's shape (at most {@value #MAX_SENSORS}
 * sensors and {@value #MAX_READINGS} readings, about 90 MB) is ingested through the use cases into a
 * scratch in-memory Bucketry, which is then closed. The measured store never sees it. A service
 * ingests for days; without this, the first simulated hours measure the compiler rather than
 * steady ingest.
 */
final class IngestWarmUp {

    static final int MAX_SENSORS = 1_000;
    /** 1,000 sensors over 24 hours of one reading a minute. */
    static final long MAX_READINGS = 1_440_000;

    private IngestWarmUp() {
    }

    /** The scratch scenario: the same interval, shares, batch size and tags; fewer sensors and ticks. */
    static Scenario scratchOf(Scenario scenario) {
        int sensors = Math.min(scenario.sensors(), MAX_SENSORS);
        long ticks = Math.min(scenario.ticks(), Math.max(1, MAX_READINGS / sensors));
        return new Scenario(sensors, scenario.interval(), scenario.interval().multipliedBy(ticks),
                scenario.lateShare(), scenario.duplicateShare(), scenario.batchSize(), scenario.tags());
    }

    /**
     * Runs the warm-up for {@code scenario} under {@code config}'s policies; answers the readings ingested.
     *
     * @param bar draw a progress bar rather than plain lines
     */
    static long run(Scenario scenario, BucketryConfig config, Instant end, PrintStream progress, boolean bar) {
        Scenario scratch = scratchOf(scenario);
        try (Bucketry bucketry = Bucketry.start(config.toBuilder().backend(Backend.INMEMORY).build())) {
            ReadingGenerator generator = new ReadingGenerator(scratch, ReadingGenerator.sensorIds(scratch.sensors()), end);
            return IngestPhase.run(generator, bucketry.ingest(), new IngestProgress("warm-up", scratch.submissions(),
                    progress, bar, IngestProgress.LINE_EVERY_NANOS)).readings();
        }
    }
}
