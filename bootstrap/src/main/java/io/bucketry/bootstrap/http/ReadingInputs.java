package io.bucketry.bootstrap.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.port.in.ReadingInput;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the JSON readings of a request into unvalidated {@link ReadingInput}s. Nothing is judged
 * here: the ingest use case validates each reading and reports the invalid ones with their index.
 */
final class ReadingInputs {

    private ReadingInputs() {
    }

    static List<ReadingInput> of(JsonNode array) {
        List<ReadingInput> inputs = new ArrayList<>(array.size());
        for (JsonNode node : array) {
            inputs.add(node.isObject() ? reading(node) : new ReadingInput(null, null, null));
        }
        return inputs;
    }

    private static ReadingInput reading(JsonNode node) {
        return new ReadingInput(series(node.get("series")), time(node.get("time")), fields(node.get("fields")));
    }

    private static String series(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        return node.isTextual() ? node.textValue() : node.toString();
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
