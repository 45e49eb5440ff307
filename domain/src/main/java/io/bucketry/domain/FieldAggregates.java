package io.bucketry.domain;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * A window's field aggregates as an unmodifiable map in name order, held in two arrays (names, which
 * the windows of one aggregation share, and values) instead of a tree of entries: a window costs two
 * small arrays, not a node per field. Equal to, and hashed as, any map with the same entries.
 */
final class FieldAggregates extends NamedValues<FieldAggregate> {

    private static final FieldAggregates EMPTY = new FieldAggregates(new String[0], new FieldAggregate[0]);

    private final String[] names;
    private final FieldAggregate[] values;

    /** Trusted: {@code names} strictly ascending, {@code values} as long and non-null; neither is changed afterwards. */
    FieldAggregates(String[] names, FieldAggregate[] values) {
        this.names = names;
        this.values = values;
    }

    /** {@code fields} itself when already one, else a copy in name order; a null name or aggregate is refused. */
    static FieldAggregates of(Map<String, FieldAggregate> fields) {
        if (fields instanceof FieldAggregates same) {
            return same;
        }
        if (fields.isEmpty()) {
            return EMPTY;
        }
        TreeMap<String, FieldAggregate> sorted = new TreeMap<>(fields);
        String[] names = new String[sorted.size()];
        FieldAggregate[] values = new FieldAggregate[names.length];
        int i = 0;
        for (Map.Entry<String, FieldAggregate> entry : sorted.entrySet()) {
            names[i] = entry.getKey();
            values[i++] = Objects.requireNonNull(entry.getValue(), () -> "field '" + entry.getKey() + "' has no aggregate");
        }
        return new FieldAggregates(names, values);
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    String nameAt(int index) {
        return names[index];
    }

    @Override
    public FieldAggregate valueAt(int index) {
        return values[index];
    }

    @Override
    int indexOf(Object name) {
        int at = name instanceof String text ? Arrays.binarySearch(names, text) : -1;
        return Math.max(at, -1);
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super FieldAggregate> action) {
        for (int i = 0; i < names.length; i++) {
            action.accept(names[i], values[i]);
        }
    }
}
