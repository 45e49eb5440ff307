package io.bucketry.domain;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * A window's field aggregates as an unmodifiable map in name order, held in two arrays (names, which
 * the windows of one aggregation share, and values) instead of a tree of entries: a window costs two
 * small arrays, not a node per field. Equal to, and hashed as, any map with the same entries.
 */
final class FieldAggregates extends AbstractMap<String, FieldAggregate> {

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
    public FieldAggregate get(Object key) {
        int at = key instanceof String name ? Arrays.binarySearch(names, name) : -1;
        return at < 0 ? null : values[at];
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super FieldAggregate> action) {
        for (int i = 0; i < names.length; i++) {
            action.accept(names[i], values[i]);
        }
    }

    @Override
    public Set<Map.Entry<String, FieldAggregate>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return names.length;
            }

            @Override
            public Iterator<Map.Entry<String, FieldAggregate>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < names.length;
                    }

                    @Override
                    public Map.Entry<String, FieldAggregate> next() {
                        if (next >= names.length) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return Map.entry(names[at], values[at]);
                    }
                };
            }
        };
    }
}
