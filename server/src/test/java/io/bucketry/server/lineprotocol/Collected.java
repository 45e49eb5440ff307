package io.bucketry.server.lineprotocol;

import io.bucketry.domain.FieldValue;
import io.bucketry.domain.RejectionReason;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A sink that keeps what the parser gave it, for tests. */
final class Collected implements LineSink {

    /** @param fields as plain values: a number as its double, a text as its String */
    record Parsed(long line, SeriesKey series, Instant time, Map<String, Object> fields) {
    }

    record Refused(long line, String series, String time, RejectionReason reason, String message) {
    }

    final List<Parsed> readings = new ArrayList<>();
    final List<Refused> refused = new ArrayList<>();

    static Collected parse(String body, SeriesIdRule rule, Precision precision, Instant now) {
        return parse(body.getBytes(StandardCharsets.UTF_8), rule, precision, now);
    }

    static Collected parse(byte[] body, SeriesIdRule rule, Precision precision, Instant now) {
        Collected sink = new Collected();
        try {
            new LineParser(rule, precision, now, sink).parse(new ByteArrayInputStream(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    @Override
    public void reading(long line, SeriesKey series, Instant time, Map<String, ?> fields) {
        Map<String, Object> plain = new LinkedHashMap<>();
        fields.forEach((name, value) -> plain.put(name, value instanceof FieldValue.Numeric number ? (Object) number.value()
                : value instanceof FieldValue.Text text ? text.value() : value));
        readings.add(new Parsed(line, series, time, plain));
    }

    @Override
    public void rejected(long line, String series, String time, RejectionReason reason, String message) {
        refused.add(new Refused(line, series, time, reason, message));
    }
}
