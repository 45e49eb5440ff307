package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.SeriesId;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Lets the JIT compile the ingest path before it is timed, as the dashboard benchmark's warm-up
 * runs do for queries: a scratch stream of the scenario's shape (at most {@value #MAX_SENSORS}
 * sensors and {@value #MAX_READINGS} readings, about 90 MB) is ingested through the use cases into a
 * scratch in-memory Bucketry, then on, batch by batch, until the JIT is quiet ({@link JitWarmUp} in slices
 * of {@link #SLICE}; a stream that ends starts again on the scratch store emptied). The measured store never sees
 * it. A service ingests for days; without this, the first simulated hours measure the compiler rather than
 * steady ingest: after one scratch stream alone, the C2 compiles of the write loop still ran during the
 * timed ingest, counted in its process CPU (docs/benchmarks.md, "Tags in memory").
 */
final class IngestWarmUp {

    static final int MAX_SENSORS = 1_000;
    /** 1,000 sensors over 24 hours of one reading a minute. */
    static final long MAX_READINGS = 1_440_000;
    /**
     * The JIT's quiet slices: longer than a query's, as a C2 compile of the store's write loop (a large method
     * with much inlined) takes far longer than one of a query on a loaded host, and a compile counts only when it ends.
     */
    static final Duration SLICE = Duration.ofSeconds(1);
    static final Duration CAP = Duration.ofSeconds(30);

    private IngestWarmUp() {
    }

    /**
     * What the warm-up did: the readings of its first scratch stream, the readings stored after it, and its batches
     * in all (that stream's and those after it), whether the JIT went quiet, and its time, as a query's warm-up says them.
     */
    record Outcome(long streamReadings, long acceptedAfter, JitWarmUp.Outcome jit) {
    }

    /** The scratch scenario: the same interval, shares, batch size and tags; fewer sensors and ticks. */
    static Scenario scratchOf(Scenario scenario) {
        int sensors = Math.min(scenario.sensors(), MAX_SENSORS);
        long ticks = Math.min(scenario.ticks(), Math.max(1, MAX_READINGS / sensors));
        return new Scenario(sensors, scenario.interval(), scenario.interval().multipliedBy(ticks),
                scenario.lateShare(), scenario.duplicateShare(), scenario.batchSize(), scenario.tags());
    }

    /**
     * Runs the warm-up for {@code scenario} under {@code config}'s policies.
     *
     * @param bar draw a progress bar rather than plain lines
     */
    static Outcome run(Scenario scenario, BucketryConfig config, Instant end, PrintStream progress, boolean bar) {
        return run(scenario, config, end, progress, bar, JitWarmUp.ofThisJvm(SLICE, CAP));
    }

    static Outcome run(Scenario scenario, BucketryConfig config, Instant end, PrintStream progress, boolean bar,
                       JitWarmUp jit) {
        Scenario scratch = scratchOf(scenario);
        long started = jit.nanos();
        try (ScratchStreams streams = new ScratchStreams(scratch, config, end)) {
            IngestResult first;
            try (IngestProgress steps = new IngestProgress("warm-up", scratch.submissions(), progress, bar,
                    IngestProgress.LINE_EVERY_NANOS)) {
                first = IngestPhase.run(streams.generator::nextBatch, streams.bucketry.ingest(), batch -> { },
                        (batch, took) -> steps.step(batch.size(), took));
            }
            // every batch of a stream is full but its last
            int batches = (int) ((first.readings() + scratch.batchSize() - 1) / scratch.batchSize());
            JitWarmUp.Outcome outcome = jit.untilQuiet(started, batches, i -> streams.ingestNext());
            progress.println(String.format(Locale.ROOT, "bucketry: warm-up done: %,d readings in %,d batches, %s",
                    first.readings() + streams.more, outcome.runs(), outcome.quiet() ? "until the JIT was quiet"
                            : "JIT not known to be quiet"));
            return new Outcome(first.readings(), streams.more, outcome);
        }
    }

    /**
     * The scratch stream into a scratch store, and after it the stream again, as often as asked for, into the same
     * store emptied of its series (a new store would load and compile its wiring again: the JIT would not go quiet).
     */
    private static final class ScratchStreams implements AutoCloseable {

        private final Scenario scratch;
        private final Instant end;
        private final String[] sensorIds;
        private final Bucketry bucketry;
        private ReadingGenerator generator;
        /** Readings stored by {@link #ingestNext}. */
        private long more;

        ScratchStreams(Scenario scratch, BucketryConfig config, Instant end) {
            this.scratch = scratch;
            this.end = end;
            this.sensorIds = ReadingGenerator.sensorIds(scratch.sensors());
            this.bucketry = Bucketry.start(config.toBuilder().backend(Backend.INMEMORY).build());
            this.generator = new ReadingGenerator(scratch, sensorIds, end);
        }

        /** Ingests the next batch; when the stream has ended, it starts anew on the store emptied of its series. */
        void ingestNext() {
            List<ReadingInput> batch = generator.nextBatch();
            if (batch.isEmpty()) {
                for (String id : sensorIds) {
                    bucketry.delete().delete(SeriesId.of(id));
                }
                generator = new ReadingGenerator(scratch, sensorIds, end);
                batch = generator.nextBatch();
            }
            more += bucketry.ingest().ingest(batch).accepted();
        }

        @Override
        public void close() {
            bucketry.close();
        }
    }
}
