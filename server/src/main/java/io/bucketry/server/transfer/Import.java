package io.bucketry.server.transfer;

import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;

/**
 * Imports a file of readings (NDJSON or CSV, the forms an export writes) through the ingest use case, in
 * batches, so that it is a replayable ingest: readings already stored are counted as duplicates and not
 * stored twice. Each entry is read as {@code POST /v1/readings} reads a reading of its format
 * ({@link ReadingRecords}); a bad one is reported with its line number and reason and the good ones are
 * stored all the same. Memory is bounded by one batch. It streams: each batch is stored as soon as it is
 * read, and input that cannot be read on ({@link InputStopsException}: a line with no end within
 * {@value NdjsonRecords#MAX_LINE} bytes, CSV with a quote left open) stops the import after storing the
 * batch read before it.
 */
public final class Import {

    private final IngestReadingsUseCase ingest;
    private final int batchSize;

    /** @param ingest the store's use case, or any other that takes batches (a running server's, over HTTP) */
    public Import(IngestReadingsUseCase ingest, int batchSize) {
        this.ingest = ingest;
        this.batchSize = batchSize;
    }

    /** {@code file}, inflated when it starts with gzip's magic bytes (whatever its name). */
    public static InputStream open(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        return first == 0x1f && second == 0x8b ? new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16) : in;
    }

    /**
     * Imports every entry of {@code in} read as {@code format}; {@code rejected} hears each entry not stored,
     * {@code progress} the number of entries read after each batch.
     */
    public ImportResult run(ExportFormat format, InputStream in, Consumer<LineRejection> rejected, LongConsumer progress)
            throws IOException {
        ReadingRecords records = format.records(in);
        List<LineRejection> pending = new ArrayList<>();   // this batch's refused entries, told in line order at its flush
        List<ReadingInput> batch = new ArrayList<>(batchSize);
        long[] numbers = new long[batchSize];
        long read = 0;
        long accepted = 0;
        long duplicates = 0;
        long refused = 0;
        while (true) {
            ReadingRecords.Entry entry;
            try {
                entry = records.next();
            } catch (InputStopsException e) {
                refused += pending.size();
                IngestReport report = flush(batch, numbers, pending, rejected);
                progress.accept(read);
                throw new InputStopsException(e.getMessage() + String.format(Locale.ROOT, "; stopped there, after"
                        + " %,d %ss: %,d stored, %,d duplicates, %,d rejected", read, format.entry(), accepted
                        + report.accepted(), duplicates + report.duplicates(), refused + report.rejected().size()));
            }
            if (entry == null) {
                break;
            }
            read++;
            if (entry.code() != null) {
                pending.add(entry.rejection());
            } else {
                numbers[batch.size()] = entry.line();
                batch.add(entry.input());
            }
            if (batch.size() + pending.size() == batchSize) {
                refused += pending.size();
                IngestReport report = flush(batch, numbers, pending, rejected);
                accepted += report.accepted();
                duplicates += report.duplicates();
                refused += report.rejected().size();
                progress.accept(read);
            }
        }
        refused += pending.size();
        IngestReport report = flush(batch, numbers, pending, rejected);
        progress.accept(read);
        return new ImportResult(read, accepted + report.accepted(), duplicates + report.duplicates(),
                refused + report.rejected().size());
    }

    private IngestReport flush(List<ReadingInput> batch, long[] numbers, List<LineRejection> pending,
                               Consumer<LineRejection> rejected) {
        IngestReport report = batch.isEmpty() ? new IngestReport(0, 0, List.of()) : ingest.ingest(batch);
        for (IngestReport.Rejection rejection : report.rejected()) {
            pending.add(new LineRejection(numbers[rejection.index()], rejection.reason().name(), rejection.message()));
        }
        pending.sort(Comparator.comparingLong(LineRejection::line));
        pending.forEach(rejected);
        pending.clear();
        batch.clear();
        return report;
    }
}
