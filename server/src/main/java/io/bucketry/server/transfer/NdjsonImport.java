package io.bucketry.server.transfer;

import io.bucketry.server.json.NdjsonLine;
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
 * Imports an NDJSON file of readings (the form an NDJSON export writes) through the ingest use
 * case, in batches, so that it is a replayable ingest: readings already stored are counted as
 * duplicates and not stored twice. Each line is read as {@code POST /v1/readings} reads a reading;
 * a bad line is reported with its number and reason and the good lines are stored all the same.
 * Blank lines are skipped; memory is bounded by one batch. It streams: each batch is stored as soon
 * as it is read, and a line with no end within {@value #MAX_LINE} bytes stops the import (after
 * storing the batch read before it) with {@link LineTooLongException}.
 */
public final class NdjsonImport {

    /** The longest line read: far above the largest valid reading (64 fields of 256 characters). */
    static final int MAX_LINE = 1 << 20;

    private final IngestReadingsUseCase ingest;
    private final int batchSize;
    private final NdjsonLine parser = new NdjsonLine();

    public NdjsonImport(IngestReadingsUseCase ingest, int batchSize) {
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
     * Imports every line of {@code in}; {@code rejected} hears each line not stored, {@code progress}
     * the number of lines read after each batch.
     */
    public ImportResult run(InputStream in, Consumer<LineRejection> rejected, LongConsumer progress) throws IOException {
        Lines lines = new Lines(in, MAX_LINE);
        List<LineRejection> pending = new ArrayList<>();   // this batch's refused lines, told in line order at its flush
        List<ReadingInput> batch = new ArrayList<>(batchSize);
        long[] numbers = new long[batchSize];
        long read = 0;
        long accepted = 0;
        long duplicates = 0;
        long refused = 0;
        while (true) {
            try {
                if (!lines.next()) {
                    break;
                }
            } catch (LineTooLongException e) {
                refused += pending.size();
                IngestReport report = flush(batch, numbers, pending, rejected);
                progress.accept(read);
                throw new LineTooLongException(e.getMessage() + String.format(Locale.ROOT, "; stopped there, after"
                        + " %,d lines: %,d stored, %,d duplicates, %,d rejected", read, accepted + report.accepted(),
                        duplicates + report.duplicates(), refused + report.rejected().size()));
            }
            if (lines.blank()) {
                continue;
            }
            read++;
            NdjsonLine.Parsed parsed = parser.parse(lines.bytes(), lines.length());
            if (parsed.input() == null) {
                pending.add(new LineRejection(lines.number(), parsed.code(), parsed.message()));
            } else {
                numbers[batch.size()] = lines.number();
                batch.add(parsed.input());
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
