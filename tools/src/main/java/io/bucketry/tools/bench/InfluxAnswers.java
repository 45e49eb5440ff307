package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/** Two InfluxDB 1.x JSON answers compared value by value: the same structure, numbers within 1e-9 relative. */
final class InfluxAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double RELATIVE = 1e-9;

    private InfluxAnswers() {
    }

    /** Where {@code actual} first differs from {@code expected} (a JSON path and both values), or null when alike. */
    static String difference(String expected, String actual) {
        try {
            return difference(JSON.readTree(expected), JSON.readTree(actual), "$");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException("an answer is no JSON", e);
        }
    }

    private static String difference(JsonNode expected, JsonNode actual, String path) {
        if (expected.isNumber() && actual.isNumber()) {
            double e = expected.asDouble();
            double a = actual.asDouble();
            return Math.abs(e - a) <= RELATIVE * Math.max(Math.abs(e), Math.abs(a)) ? null : differs(path, expected, actual);
        }
        if (expected.getNodeType() != actual.getNodeType() || expected.size() != actual.size()) {
            return differs(path, expected, actual);
        }
        if (expected.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = expected.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode other = actual.get(field.getKey());
                String found = other == null ? differs(path + "." + field.getKey(), field.getValue(), null)
                        : difference(field.getValue(), other, path + "." + field.getKey());
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (expected.isArray()) {
            for (int i = 0; i < expected.size(); i++) {
                String found = difference(expected.get(i), actual.get(i), path + "[" + i + "]");
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        return expected.equals(actual) ? null : differs(path, expected, actual);
    }

    private static String differs(String path, JsonNode expected, JsonNode actual) {
        return path + ": " + abbreviated(expected) + " vs " + abbreviated(actual);
    }

    private static String abbreviated(JsonNode node) {
        String text = String.valueOf(node);
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }
}
