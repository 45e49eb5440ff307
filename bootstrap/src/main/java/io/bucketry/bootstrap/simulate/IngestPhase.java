package io.bucketry.bootstrap.simulate;

import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;

import java.util.List;

/**
 * Streams a scenario's readings batch by batch through {@link IngestReadingsUseCase}, with its
 * progress on stderr ({@link IngestProgress}). Only the ingest calls are timed (validation and
 * storing); generating the next batch is not.
 */
final class IngestPhase {

    private IngestPhase() {
    }

    static IngestResult run(ReadingGenerator generator, IngestReadingsUseCase ingest, IngestProgress progress) {
        long accepted = 0;
        long duplicates = 0;
        long rejected = 0;
        long nanos = 0;
        try (progress) {
            for (List<ReadingInput> batch = generator.nextBatch(); !batch.isEmpty(); batch = generator.nextBatch()) {
                long start = System.nanoTime();
                IngestReport report = ingest.ingest(batch);
                long took = System.nanoTime() - start;
                nanos += took;
                accepted += report.accepted();
                duplicates += report.duplicates();
                rejected += report.rejected().size();
                progress.step(batch.size(), took);
            }
            progress.finish();
        }
        return new IngestResult(generator.submitted(), accepted, duplicates, rejected, nanos);
    }
}
