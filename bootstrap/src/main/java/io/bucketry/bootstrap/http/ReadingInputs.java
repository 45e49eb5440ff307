package io.bucketry.bootstrap.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.RejectionReason;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the JSON readings of a request into unvalidated {@link ReadingInput}s. Only the JSON shape
 * is judged here (a reading is an object, its series a string); the ingest use case validates the
 * rest and reports each invalid reading with its index.
 */
final class ReadingInputs {

    private ReadingInputs() {
    }

    /**
     * The inputs of a batch, in request order; an element of the wrong JSON shape is a null input
     * (the use case rejects it) whose rejection {@link #report} replaces with the shape's.
     */
    record Batch(List<ReadingInput> inputs, Map<Integer, Rejection> misshapen) {

        /** {@code report} with the rejection of each misshapen element saying what was wrong with its JSON. */
        IngestReport report(IngestReport report) {
            List<Rejection> rejected = report.rejected().stream()
                    .map(r -> misshapen.getOrDefault(r.index(), r)).toList();
            return new IngestReport(report.accepted(), report.duplicates(), rejected);
        }
    }

    static Batch of(JsonNode array) {
        List<ReadingInput> inputs = new ArrayList<>(array.size());
        Map<Integer, Rejection> misshapen = new HashMap<>();
        for (JsonNode node : array) {
            Rejection rejection = shapeRejection(inputs.size(), node);
            if (rejection != null) {
                misshapen.put(inputs.size(), rejection);
            }
            inputs.add(rejection == null ? reading(node) : null);
        }
        return new Batch(inputs, misshapen);
    }

    private static Rejection shapeRejection(int index, JsonNode node) {
        if (!node.isObject()) {
            return new Rejection(index, null, null, RejectionReason.NO_FIELDS,
                    "a reading must be a JSON object, got " + kind(node));
        }
        JsonNode series = node.get("series");
        if (series == null || series.isNull() || series.isTextual()) {
            return null;
        }
        Object time = time(node.get("time"));
        return new Rejection(index, series.toString(), time == null ? null : String.valueOf(time),
                RejectionReason.INVALID_SERIES, "series must be a JSON string, got " + kind(series));
    }

    /** The JSON type of {@code node} with its article: "a number", "an object", "null". */
    private static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case NULL -> "null";
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            default -> "a " + node.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    private static ReadingInput reading(JsonNode node) {
        return new ReadingInput(series(node.get("series")), time(node.get("time")), fields(node.get("fields")));
    }

    private static String series(JsonNode node) {
        return node == null || node.isNull() ? null : node.textValue();
    }

    private static Object time(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isIntegralNumber()) {
            return node.numberValue();
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        return node.isTextual() ? node.textValue() : node.toString();
    }

    private static Map<String, Object> fields(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            fields.put(entry.getKey(), value(entry.getValue()));
        }
        return fields;
    }

    /** Numbers and texts as Java values; anything else keeps a type name the validation message can show. */
    private static Object value(JsonNode node) {
        if (node.isIntegralNumber()) {
            return node.numberValue();
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isArray()) {
            return new ArrayList<>();
        }
        if (node.isObject()) {
            return new LinkedHashMap<>();
        }
        return null;
    }
}
