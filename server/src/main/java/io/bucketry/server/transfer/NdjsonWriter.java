package io.bucketry.server.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.bucketry.server.json.Json;
import io.bucketry.server.json.ReadingView;
import io.bucketry.domain.Reading;

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

    @Override
    public void write(Reading reading) throws IOException {
        WRITER.writeValue(generator, ReadingView.of(reading));
        generator.writeRaw('\n');
    }

    @Override
    public void close() throws IOException {
        generator.close();
    }
}
