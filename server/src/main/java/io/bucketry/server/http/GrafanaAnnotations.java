package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.UseCases;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Grafana annotations for the changes of one field ({@code annotation.query} is {@code series:field},
 * meant for a text field such as {@code status}): one per reading in the range whose value differs from
 * the previous reading's that had the field. The first value in the range is the state it starts in,
 * not a change. Bounded: the readings are read {@value #CHUNK} at a time, at most {@value #MAX_READINGS},
 * and at most {@value #MAX_CHANGES} changes are answered; beyond either, a 400 asks for a narrower range.
 */
final class GrafanaAnnotations {

    static final int CHUNK = 10_000;
    static final int MAX_READINGS = 1_000_000;
    static final int MAX_CHANGES = 1000;

    private final UseCases useCases;
    private final int chunk;
    private final int maxReadings;
    private final int maxChanges;

    GrafanaAnnotations(UseCases useCases) {
        this(useCases, CHUNK, MAX_READINGS, MAX_CHANGES);
    }

    /** Reading {@code chunk} readings at a time, at most {@code maxReadings}, answering at most {@code maxChanges}. */
    GrafanaAnnotations(UseCases useCases, int chunk, int maxReadings, int maxChanges) {
        this.useCases = useCases;
        this.chunk = chunk;
        this.maxReadings = maxReadings;
        this.maxChanges = maxChanges;
    }

    /** The annotations of a request body {@code {range, annotation: {query, …}}}. */
    List<Map<String, Object>> of(JsonNode body) {
        Instant[] range = GrafanaBody.range(body);
        JsonNode annotation = body.path("annotation");
        JsonNode query = annotation.path("query");
        if (!query.isTextual()) {
            throw ApiException.badRequest("INVALID_TARGET", "the body needs \"annotation\": {\"query\": "
                    + "\"series:field\"} naming the field whose changes to show, e.g. \"sensor-1:status\"");
        }
        GrafanaTarget target = GrafanaTarget.named(query.asText().strip(), "annotation.query");
        List<Map<String, Object>> changes = new ArrayList<>();
        FieldValue previous = null;
        Instant cursor = range[0];
        int read = 0;
        while (cursor.isBefore(range[1])) {
            List<Reading> readings = useCases.read().read(target.series(), cursor, range[1], chunk);
            for (Reading reading : readings) {
                FieldValue value = reading.fields().get(target.field());
                if (value != null && previous != null && !value.equals(previous)) {
                    if (changes.size() == maxChanges) {
                        throw narrower("more than " + maxChanges + " changes");
                    }
                    changes.add(change(annotation, target, reading, previous, value));
                }
                previous = value == null ? previous : value;
            }
            read += readings.size();
            if (readings.size() < chunk) {
                break;
            }
            if (read >= maxReadings) {
                throw narrower("at least " + maxReadings + " readings");
            }
            cursor = readings.get(readings.size() - 1).time().plusMillis(1);   // one reading per series and millisecond
        }
        return changes;
    }

    private static Map<String, Object> change(JsonNode annotation, GrafanaTarget target, Reading reading,
                                              FieldValue from, FieldValue to) {
        Map<String, Object> change = new LinkedHashMap<>();
        change.put("annotation", annotation);
        change.put("time", reading.epochMilli());
        change.put("title", target.field() + ": " + from + " → " + to);
        change.put("text", target.series() + " " + target.field() + " changed from " + from + " to " + to
                + " at " + reading.time());
        change.put("tags", List.of(target.series().value(), target.field(), to.toString()));
        return change;
    }

    private static ApiException narrower(String what) {
        return ApiException.badRequest("TOO_MANY_ANNOTATIONS", "the range holds " + what
                + " for one annotation query; narrow the range");
    }
}
