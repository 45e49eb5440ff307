package io.bucketry.bootstrap.simulate;

import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.util.List;

/**
 * Streams a scenario's readings batch by batch through {@link IngestReadingsUseCase}, with a
 * progress bar on stderr. Only the ingest calls are timed (validation and storing); generating the
 * next batch is not.
 */
final class IngestPhase {

    private IngestPhase() {
    }

    /** @param task the progress bar's name */
    static IngestResult run(String task, ReadingGenerator generator, IngestReadingsUseCase ingest, long expected,
                            PrintStream progress) {
        long accepted = 0;
        long duplicates = 0;
        long rejected = 0;
        long nanos = 0;
        try (ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(expected)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).showSpeed()
                .setConsumer(new ConsoleProgressBarConsumer(progress, 100)).build()) {
            for (List<ReadingInput> batch = generator.nextBatch(); !batch.isEmpty(); batch = generator.nextBatch()) {
                long start = System.nanoTime();
                IngestReport report = ingest.ingest(batch);
                nanos += System.nanoTime() - start;
                accepted += report.accepted();
                duplicates += report.duplicates();
                rejected += report.rejected().size();
                bar.stepBy(batch.size());
            }
            bar.maxHint(generator.submitted());
        }
        return new IngestResult(generator.submitted(), accepted, duplicates, rejected, nanos);
    }
}
