package io.bucketry.domain;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * An ordered set of distinct, valid field names. Readings and buckets share schemas so that a
 * reading's fields cost one array of values, not a map.
 */
public final class FieldSchema {

    /** At most this many fields in one reading. */
    public static final int MAX_FIELDS = 64;
    /** The reserved name of the time key in stored buckets. */
    public static final String TIME_KEY = "t";

    public static final FieldSchema EMPTY = new FieldSchema(new String[0]);

    private final String[] names;

    private FieldSchema(String[] names) {
        this.names = names;
    }

    /** A schema of the given names, each checked against the field name rule; duplicates refused. */
    public static FieldSchema of(Collection<String> names) {
        String[] array = names.toArray(new String[0]);
        for (int i = 0; i < array.length; i++) {
            requireValidName(array[i]);
            for (int j = 0; j < i; j++) {
                if (array[j].equals(array[i])) {
                    throw new IllegalArgumentException("field name '" + array[i] + "' appears twice");
                }
            }
        }
        return new FieldSchema(array);
    }

    /** Names already checked one by one and known to be distinct (the keys of a map). */
    static FieldSchema ofChecked(String[] names) {
        return new FieldSchema(names);
    }

    public static FieldSchema of(String... names) {
        return of(Arrays.asList(names));
    }

    /** Throws {@link InvalidReadingException} unless {@code name} is a valid field name. */
    public static void requireValidName(String name) {
        String problem = nameProblem(name);
        if (problem != null) {
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_NAME, problem);
        }
    }

    /** Why {@code name} is not a valid field name ({@code [A-Za-z][A-Za-z0-9_]{0,63}}, not "t"), or null. */
    public static String nameProblem(String name) {
        String problem = NameRule.problem("field name", name);
        return problem == null && name.equals(TIME_KEY) ? "field name 't' is reserved for the reading time" : problem;
    }

    public int size() {
        return names.length;
    }

    public String name(int index) {
        return names[index];
    }

    /** The position of {@code name}, or -1. */
    public int indexOf(Object name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] == name) {
                return i;
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** This schema with {@code name} appended (the name must be valid and new). */
    public FieldSchema with(String name) {
        requireValidName(name);
        if (indexOf(name) >= 0) {
            throw new IllegalArgumentException("field name '" + name + "' is already in the schema");
        }
        String[] grown = Arrays.copyOf(names, names.length + 1);
        grown[names.length] = name;
        return new FieldSchema(grown);
    }

    public List<String> names() {
        return List.of(names);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FieldSchema schema && Arrays.equals(names, schema.names);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(names);
    }

    @Override
    public String toString() {
        return Arrays.toString(names);
    }
}
