package io.bucketry.server.lineprotocol;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.RejectionReason;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The fields of the line being parsed, collected into arrays that the parser reuses from line to line, then
 * handed over as {@link Fields}, the form the ingest keeps: no map, entry or boxed number per line, and the
 * names checked once per field set (the schemas of recent lines are kept). Fields the domain refuses (a
 * reserved or malformed name, a long text, too many) go as a map instead, for the ingest to refuse them in
 * its own words, exactly as it refuses a JSON reading's.
 */
final class LineFields {

    /** Above this many fields a repeated name is looked for in a set, not by comparing with each earlier one. */
    private static final int LINEAR_LIMIT = 16;
    private static final int RECENT_SCHEMAS = 8;

    private String[] names = new String[8];
    private double[] numbers = new double[8];
    private String[] texts = new String[8];
    private int size;
    private final Set<String> seen = new HashSet<>();
    private final FieldSchema[] recent = new FieldSchema[RECENT_SCHEMAS];
    private int nextRecent;

    /** Starts a line. */
    void clear() {
        if (size > LINEAR_LIMIT) {
            seen.clear();
        }
        size = 0;
    }

    /** Adds a number, refusing the line when {@code name} was given already. */
    void number(String name, double value) {
        add(name, value, null);
    }

    /** Adds a text, refusing the line when {@code name} was given already. */
    void text(String name, String value) {
        add(name, Double.NaN, value);
    }

    private void add(String name, double number, String text) {
        if (repeated(name)) {
            throw new LineError(RejectionReason.INVALID_FIELD_NAME, "field " + name + " appears twice in the line");
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            numbers = Arrays.copyOf(numbers, size * 2);
            texts = Arrays.copyOf(texts, size * 2);
        }
        names[size] = name;
        numbers[size] = number;
        texts[size] = text;
        size++;
    }

    private boolean repeated(String name) {
        if (size < LINEAR_LIMIT) {
            for (int i = 0; i < size; i++) {
                if (names[i].equals(name)) {
                    return true;
                }
            }
            return false;
        }
        if (size == LINEAR_LIMIT) {
            seen.clear();
            seen.addAll(Arrays.asList(names).subList(0, size));
        }
        return !seen.add(name);
    }

    /** The line's fields as {@link Fields}, or as a map in line order when the domain refuses them. */
    Map<String, ?> take() {
        try {
            Fields.Builder fields = Fields.builder(schema());
            for (int i = 0; i < size; i++) {
                if (texts[i] != null) {
                    fields.text(i, texts[i]);
                } else {
                    fields.number(i, numbers[i]);
                }
            }
            return fields.build();
        } catch (InvalidReadingException refused) {
            Map<String, Object> map = new LinkedHashMap<>(size * 2);
            for (int i = 0; i < size; i++) {
                map.put(names[i], texts[i] != null ? texts[i] : (Object) numbers[i]);
            }
            return map;
        }
    }

    /** The schema of this line's names: a recent line's when they are the same name objects (the parser caches names). */
    private FieldSchema schema() {
        for (FieldSchema schema : recent) {
            if (schema != null && sameNames(schema)) {
                return schema;
            }
        }
        FieldSchema schema = FieldSchema.of(Arrays.asList(names).subList(0, size));
        recent[nextRecent] = schema;
        nextRecent = (nextRecent + 1) % RECENT_SCHEMAS;
        return schema;
    }

    private boolean sameNames(FieldSchema schema) {
        if (schema.size() != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (schema.name(i) != names[i]) {
                return false;
            }
        }
        return true;
    }
}
