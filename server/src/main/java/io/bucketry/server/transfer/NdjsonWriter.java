package io.bucketry.server.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.bucketry.server.json.Json;
import io.bucketry.server.json.ReadingView;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.io.IOException;
import java.io.OutputStream;

/**
 * One reading per line, each exactly as {@code GET /v1/series/{id}/readings} writes a reading
 * ({@link ReadingView}) and {@code POST /v1/readings} reads one, each line ending with {@code \n}.
 */
final class NdjsonWriter implements ReadingWriter {

    private static final ObjectWriter WRITER = Json.mapper().writerFor(ReadingView.class)
            .without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);

    private final JsonGenerator generator;

    NdjsonWriter(OutputStream out) throws IOException {
        this.generator = WRITER.createGenerator(out);
        generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        generator.setRootValueSeparator(null);
    }

    /** The series of the last reading written, and whether any of its readings so far had tags. */
    private SeriesId series;
    private boolean seriesTagged;

    /**
     * Writes {@code reading}; one without tags after a tagged one of its series says {@code "tags": {}}, so that an
     * import gives it none rather than its series' latest.
     */
    @Override
    public void write(Reading reading) throws IOException {
        if (!reading.series().equals(series)) {
            series = reading.series();
            seriesTagged = false;
        }
        boolean tagged = !reading.meta().tags().isEmpty();
        WRITER.writeValue(generator, ReadingView.of(reading, seriesTagged && !tagged));
        seriesTagged |= tagged;
        generator.writeRaw('\n');
    }

    @Override
    public void close() throws IOException {
        generator.close();
    }
}
