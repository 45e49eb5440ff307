package io.bucketry.tools.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.application.port.in.ReadingInput;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The two wire forms of a batch of the case-study stream. Line protocol: one line
 * {@code sensor,id=<sensor> temperature=…,pressure=…,status="OK" <epoch ms>} per reading, which
 * Bucketry's default {@code values} rule maps to the series {@code sensor.<sensor>}; JSON: the
 * array of {@code POST /v1/readings} with that same series id and the time in epoch milliseconds.
 */
final class Encodings {

    static final String MEASUREMENT = "sensor";
    private static final JsonFactory JSON = new JsonFactory();

    private Encodings() {
    }

    /** The Bucketry series id that a line of {@code sensor} is stored under. */
    static String seriesOf(String sensor) {
        return MEASUREMENT + "." + sensor;
    }

    /** The batch as line protocol with millisecond timestamps ({@code precision=ms}). */
    static Batch lines(List<ReadingInput> readings) {
        StringBuilder text = new StringBuilder(readings.size() * 96);
        for (ReadingInput reading : readings) {
            text.append(MEASUREMENT).append(",id=").append(reading.series()).append(' ');
            boolean first = true;
            for (Map.Entry<String, ?> field : reading.fields().entrySet()) {
                text.append(first ? "" : ",").append(field.getKey()).append('=');
                first = false;
                if (field.getValue() instanceof Number number) {
                    text.append(number.doubleValue());
                } else {
                    text.append('"').append(field.getValue().toString().replace("\\", "\\\\").replace("\"", "\\\""))
                            .append('"');
                }
            }
            text.append(' ').append(millis(reading)).append('\n');
        }
        return new Batch(text.toString().getBytes(StandardCharsets.UTF_8), readings.size());
    }

    /** The batch as the JSON body of {@code POST /v1/readings}. */
    static Batch json(List<ReadingInput> readings) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(readings.size() * 128);
        try (JsonGenerator out = JSON.createGenerator(bytes)) {
            out.writeStartArray();
            for (ReadingInput reading : readings) {
                out.writeStartObject();
                out.writeStringField("series", seriesOf(reading.series()));
                out.writeNumberField("time", millis(reading));
                out.writeObjectFieldStart("fields");
                for (Map.Entry<String, ?> field : reading.fields().entrySet()) {
                    if (field.getValue() instanceof Number number) {
                        out.writeNumberField(field.getKey(), number.doubleValue());
                    } else {
                        out.writeStringField(field.getKey(), field.getValue().toString());
                    }
                }
                out.writeEndObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Batch(bytes.toByteArray(), readings.size());
    }

    /** The generator's readings carry an {@link Instant}. */
    private static long millis(ReadingInput reading) {
        return ((Instant) reading.time()).toEpochMilli();
    }
}
