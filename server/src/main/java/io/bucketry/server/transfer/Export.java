package io.bucketry.server.transfer;

import io.bucketry.application.transfer.ReadingStream;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Writes a selection of readings to a stream in a format, a chunk at a time ({@link ReadingStream}),
 * series in id order and each series in time order, so that memory stays bounded whatever the
 * size. A CSV export reads the selection twice: first for its columns (the union of its field names and tag
 * keys, and whether it has a measurement: {@link CsvColumns}), then for the records; a field, tag key or
 * measurement first stored between the two stops it ({@link FieldAfterHeaderException}).
 */
public final class Export {

    private final ReadingStream stream;

    public Export(ReadingStream stream) {
        this.stream = stream;
    }

    /** Fails, before anything is written, on a bad range or prefix or a store that does not answer. */
    public void check(ExportSelection selection) {
        stream.check(selection.series(), selection.prefix(), selection.from(), selection.to());
    }

    /**
     * Writes {@code selection} to {@code out} (left open, flushed) and answers how many readings it
     * wrote; {@code progress} hears the count after each chunk.
     */
    public long write(ExportSelection selection, ExportFormat format, OutputStream out, LongConsumer progress)
            throws IOException {
        long written = 0;
        try (ReadingWriter writer = format == ExportFormat.CSV ? new CsvWriter(out, columns(selection))
                : new NdjsonWriter(out)) {
            for (SeriesId series : series(selection)) {
                for (List<Reading> chunk : stream.chunks(series, selection.from(), selection.to())) {
                    for (Reading reading : chunk) {
                        writer.write(reading);
                    }
                    written += chunk.size();
                    progress.accept(written);
                }
            }
        }
        out.flush();
        return written;
    }

    private CsvColumns columns(ExportSelection selection) {
        CsvColumns.Collector columns = new CsvColumns.Collector();
        for (SeriesId series : series(selection)) {
            for (List<Reading> chunk : stream.chunks(series, selection.from(), selection.to())) {
                chunk.forEach(columns::add);
            }
        }
        return columns.columns();
    }

    private Iterable<SeriesId> series(ExportSelection selection) {
        return selection.series() != null ? List.of(selection.series()) : stream.series(selection.prefix());
    }
}
