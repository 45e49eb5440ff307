package io.bucketry.domain;

import java.util.Map;

/**
 * Turns loosely typed maps into {@link Fields}, checking every rule, and reuses the names of the
 * previous map while a stream of readings repeats the same key objects (a JSON parser's interned
 * names), so that a reading's names are checked once per stream rather than once per reading.
 * Not thread-safe: one per thread or batch part. {@link Fields#of} is the same without the memory.
 */
public final class FieldsConverter {

    private FieldSchema recent = FieldSchema.EMPTY;

    /** @throws InvalidReadingException naming the first broken rule */
    public Fields convert(Map<String, ?> map) {
        if (map instanceof Fields fields) {
            return fields;
        }
        Fields.requireFieldCount(map == null ? 0 : map.size());
        FieldSchema schema = recent;
        boolean sameNames = schema.size() == map.size();
        String[] names = sameNames ? null : new String[map.size()];
        double[] numbers = new double[map.size()];
        String[] texts = null;
        int i = 0;
        for (Map.Entry<String, ?> entry : map.entrySet()) {
            String name = entry.getKey();
            if (sameNames && schema.name(i) != name) {
                sameNames = false;
                names = new String[map.size()];
                for (int j = 0; j < i; j++) {
                    names[j] = schema.name(j);
                }
            }
            if (!sameNames) {
                FieldSchema.requireValidName(name);
                names[i] = name;
            }
            Object value = entry.getValue();
            if (value instanceof Double number && Double.isFinite(number)) {
                numbers[i] = number;
            } else if (value instanceof String string) {
                if (texts == null) {
                    texts = new String[map.size()];
                }
                texts[i] = FieldValue.requireValidText(name, string);
                numbers[i] = Double.NaN;
            } else {
                FieldValue converted = FieldValue.from(name, value);
                if (converted instanceof FieldValue.Text text) {
                    if (texts == null) {
                        texts = new String[map.size()];
                    }
                    texts[i] = text.value();
                    numbers[i] = Double.NaN;
                } else {
                    numbers[i] = ((FieldValue.Numeric) converted).value();
                }
            }
            i++;
        }
        if (!sameNames) {
            schema = FieldSchema.ofChecked(names);
            recent = schema;
        }
        return Fields.ofChecked(schema, numbers, texts);
    }
}
