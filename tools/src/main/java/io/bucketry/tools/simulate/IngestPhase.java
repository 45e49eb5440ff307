package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * Streams a scenario's readings batch by batch through {@link IngestReadingsUseCase}, with its
 * progress on stderr ({@link IngestProgress}). Only the ingest calls are timed (validation and
 * storing); generating the next batch is not.
 */
final class IngestPhase {

    private IngestPhase() {
    }

    static IngestResult run(ReadingGenerator generator, IngestReadingsUseCase ingest, IngestProgress progress) {
        IngestResult result;
        try (progress) {
            result = run(generator::nextBatch, ingest, batch -> { }, (batch, took) -> progress.step(batch.size(), took));
            progress.finish();
        }
        return result;
    }

    /**
     * The same without progress: {@code before} sees each batch before its ingest call, {@code after}
     * with the call's nanoseconds once it returned; neither is timed. Stops at the first empty batch.
     */
    static IngestResult run(Supplier<List<ReadingInput>> batches, IngestReadingsUseCase ingest,
                            Consumer<List<ReadingInput>> before, ObjLongConsumer<List<ReadingInput>> after) {
        long readings = 0;
        long accepted = 0;
        long duplicates = 0;
        long rejected = 0;
        long nanos = 0;
        long cpuNanos = ProcessCpuTime.nanos() < 0 ? -1 : 0;
        for (List<ReadingInput> batch = batches.get(); !batch.isEmpty(); batch = batches.get()) {
            before.accept(batch);
            long cpuStart = cpuNanos < 0 ? 0 : ProcessCpuTime.nanos();
            long start = System.nanoTime();
            IngestReport report = ingest.ingest(batch);
            long took = System.nanoTime() - start;
            nanos += took;
            if (cpuNanos >= 0) {
                cpuNanos += ProcessCpuTime.nanos() - cpuStart;
            }
            readings += batch.size();
            accepted += report.accepted();
            duplicates += report.duplicates();
            rejected += report.rejected().size();
            after.accept(batch, took);
        }
        return new IngestResult(readings, accepted, duplicates, rejected, nanos, cpuNanos);
    }
}
