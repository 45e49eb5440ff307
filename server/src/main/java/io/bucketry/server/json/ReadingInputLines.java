package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.bucketry.application.port.in.ReadingInput;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Writes readings as they were read, not yet validated, as NDJSON for {@code POST /v1/readings}: each value
 * as it came (an integer as an integer, a double as Java writes it, a decimal with its exponent, a text as
 * text), so that the server judges them exactly as the file's own lines. A reading without a time is sent
 * without one; its measurement and tags as it has them (a {@link ReadingInput#meta} as its pairs), so that a
 * reading sent without tags still takes its series' latest there.
 */
public final class ReadingInputLines {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private ReadingInputLines() {
    }

    /** Writes {@code batch}, one reading per line, to {@code out} (left open). */
    public static void write(List<ReadingInput> batch, OutputStream out) throws IOException {
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            json.setRootValueSeparator(new SerializedString("\n"));
            for (ReadingInput input : batch) {
                json.writeStartObject();
                if (input.series() != null) {
                    json.writeStringField("series", input.series());
                }
                if (input.time() instanceof Instant || input.time() instanceof CharSequence) {
                    json.writeStringField("time", input.time().toString());
                } else if (input.time() instanceof Number number) {
                    json.writeFieldName("time");
                    number(json, number);
                }
                if (input.fields() != null) {
                    json.writeObjectFieldStart("fields");
                    for (Map.Entry<String, ?> field : input.fields().entrySet()) {
                        json.writeFieldName(field.getKey());
                        if (field.getValue() instanceof Number number) {
                            number(json, number);
                        } else {
                            json.writeString(String.valueOf(field.getValue()));
                        }
                    }
                    json.writeEndObject();
                }
                writeMeta(json, input);
                json.writeEndObject();
            }
            json.writeRaw('\n');
        }
    }

    private static void writeMeta(JsonGenerator json, ReadingInput input) throws IOException {
        String measurement = input.meta() != null ? input.meta().measurement() : input.measurement();
        Map<String, ?> tags = input.meta() != null ? input.meta().tags().values() : input.tags();
        if (measurement != null) {
            json.writeStringField("measurement", measurement);
        }
        if (tags != null) {
            json.writeObjectFieldStart("tags");
            for (Map.Entry<String, ?> tag : tags.entrySet()) {
                json.writeFieldName(tag.getKey());
                if (tag.getValue() instanceof Number number) {
                    number(json, number);   // as it came: the server refuses it as a tag, as this process would
                } else if (tag.getValue() == null) {
                    json.writeNull();
                } else {
                    json.writeString(tag.getValue().toString());
                }
            }
            json.writeEndObject();
        }
    }

    private static void number(JsonGenerator json, Number number) throws IOException {
        if (number instanceof BigInteger integer) {
            json.writeNumber(integer);
        } else if (number instanceof BigDecimal decimal) {
            json.writeNumber(decimal);
        } else if (number instanceof Double || number instanceof Float) {
            json.writeNumber(number.doubleValue());
        } else {
            json.writeNumber(number.longValue());
        }
    }
}
