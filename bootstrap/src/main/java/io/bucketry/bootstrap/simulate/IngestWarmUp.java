package io.bucketry.bootstrap.simulate;

import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.BucketryConfig;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Lets the JIT compile the ingest path before it is timed, as the dashboard benchmark's warm-up
 * runs do for queries: a scratch stream of the scenario's shape (at most {@value #MAX_SENSORS}
 * sensors over at most 24 hours) is ingested through the use cases into a scratch in-memory
 * Bucketry, which is then closed. The measured store never sees it. A service ingests for days;
 * without this, the first simulated hours measure the compiler (they run at under half the later
 * rate on this machine) rather than steady ingest.
 */
final class IngestWarmUp {

    static final int MAX_SENSORS = 1_000;
    static final Duration MAX_DURATION = Duration.ofHours(24);

    private IngestWarmUp() {
    }

    /** Runs the warm-up for {@code scenario} under {@code config}'s policies; answers the readings ingested. */
    static long run(Scenario scenario, BucketryConfig config, Instant end) {
        Scenario scratch = new Scenario(Math.min(scenario.sensors(), MAX_SENSORS), scenario.interval(),
                scenario.duration().compareTo(MAX_DURATION) < 0 ? scenario.duration() : MAX_DURATION,
                scenario.lateShare(), scenario.duplicateShare(), scenario.batchSize());
        long readings = 0;
        try (Bucketry bucketry = Bucketry.start(config.toBuilder().backend(Backend.INMEMORY).build())) {
            IngestReadingsUseCase ingest = bucketry.ingest();
            ReadingGenerator generator = new ReadingGenerator(scratch, ReadingGenerator.sensorIds(scratch.sensors()), end);
            for (List<ReadingInput> batch = generator.nextBatch(); !batch.isEmpty(); batch = generator.nextBatch()) {
                ingest.ingest(batch);
                readings += batch.size();
            }
        }
        return readings;
    }
}
