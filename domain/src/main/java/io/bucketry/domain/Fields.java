package io.bucketry.domain;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of one reading: 1–64 named values. An immutable map from field name to value, stored
 * as a (shared) schema and an array of values so that materialising a stored reading is cheap.
 */
public final class Fields extends AbstractMap<String, FieldValue> {

    /** The schema of the last map converted; racy by design (any schema here is valid). */
    private static volatile FieldSchema recentSchema = FieldSchema.EMPTY;

    private final FieldSchema schema;
    private final FieldValue[] values;
    private final int size;

    /** Trusted: the caller hands over {@code values} (nulls are absent fields) and never touches it again. */
    Fields(FieldSchema schema, FieldValue[] values) {
        int present = 0;
        for (FieldValue value : values) {
            if (value != null) {
                present++;
            }
        }
        if (present == 0) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "a reading needs at least one field");
        }
        if (present > FieldSchema.MAX_FIELDS) {
            throw new InvalidReadingException(RejectionReason.TOO_MANY_FIELDS, "a reading has " + present
                    + " fields; at most " + FieldSchema.MAX_FIELDS + " are allowed");
        }
        this.schema = schema;
        this.values = values;
        this.size = present;
    }

    /**
     * Fields from a loosely typed map: values are {@link Number}s, {@link CharSequence}s or
     * {@link FieldValue}s. Every rule of a reading's fields is checked here.
     *
     * @throws InvalidReadingException naming the first broken rule
     */
    public static Fields of(Map<String, ?> map) {
        if (map instanceof Fields fields) {
            return fields;
        }
        if (map == null || map.isEmpty()) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "a reading needs at least one field");
        }
        if (map.size() > FieldSchema.MAX_FIELDS) {
            throw new InvalidReadingException(RejectionReason.TOO_MANY_FIELDS, "a reading has " + map.size()
                    + " fields; at most " + FieldSchema.MAX_FIELDS + " are allowed");
        }
        FieldSchema recent = recentSchema;
        boolean sameNames = recent.size() == map.size();
        String[] names = sameNames ? null : new String[map.size()];
        FieldValue[] values = new FieldValue[map.size()];
        int i = 0;
        for (Map.Entry<String, ?> entry : map.entrySet()) {
            String name = entry.getKey();
            // streams of readings repeat the same key objects: reuse the checked schema while they do
            if (sameNames && recent.name(i) != name) {
                sameNames = false;
                names = new String[map.size()];
                for (int j = 0; j < i; j++) {
                    names[j] = recent.name(j);
                }
            }
            if (!sameNames) {
                FieldSchema.requireValidName(name);
                names[i] = name;
            }
            values[i] = FieldValue.from(name, entry.getValue());
            i++;
        }
        if (sameNames) {
            return new Fields(recent, values);
        }
        FieldSchema schema = FieldSchema.ofChecked(names);
        recentSchema = schema;
        return new Fields(schema, values);
    }

    public FieldSchema schema() {
        return schema;
    }

    /** The value at {@code index} of {@link #schema()}, or null where this reading lacks that field. */
    public FieldValue valueAt(int index) {
        return values[index];
    }

    /** The numeric value of {@code name}, or NaN when the field is absent or a text. */
    public double number(String name) {
        return get(name) instanceof FieldValue.Numeric numeric ? numeric.value() : Double.NaN;
    }

    @Override
    public FieldValue get(Object name) {
        int index = schema.indexOf(name);
        return index < 0 ? null : values[index];
    }

    @Override
    public boolean containsKey(Object name) {
        return get(name) != null;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Entry<String, FieldValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, FieldValue>> iterator() {
                return new Iterator<>() {
                    private int next = advance(0);

                    private int advance(int from) {
                        int index = from;
                        while (index < values.length && values[index] == null) {
                            index++;
                        }
                        return index;
                    }

                    @Override
                    public boolean hasNext() {
                        return next < values.length;
                    }

                    @Override
                    public Entry<String, FieldValue> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        Entry<String, FieldValue> entry = new SimpleImmutableEntry<>(schema.name(next), values[next]);
                        next = advance(next + 1);
                        return entry;
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
