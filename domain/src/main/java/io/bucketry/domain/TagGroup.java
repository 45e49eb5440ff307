package io.bucketry.domain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One group of grouped aggregates: a value (or null, absent) for each key of its {@link GroupBy}.
 * Groups order by their values, key by key, absent before any value.
 *
 * @param values one per key, null where the group's series lack the key (unmodifiable)
 */
public record TagGroup(List<String> keys, List<String> values) implements Comparable<TagGroup> {

    public TagGroup {
        keys = List.copyOf(Objects.requireNonNull(keys, "keys"));
        values = Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(values, "values")));
        if (keys.size() != values.size()) {
            throw new IllegalArgumentException("group of keys " + keys + " has " + values.size() + " values");
        }
    }

    /** Key to value (null: absent), in the keys' order. */
    public Map<String, String> asMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            map.put(keys.get(i), values.get(i));
        }
        return map;
    }

    @Override
    public int compareTo(TagGroup other) {
        for (int i = 0; i < Math.min(values.size(), other.values.size()); i++) {
            String mine = values.get(i);
            String theirs = other.values.get(i);
            int order = mine == null ? (theirs == null ? 0 : -1) : theirs == null ? 1 : mine.compareTo(theirs);
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(values.size(), other.values.size());
    }

    @Override
    public String toString() {
        return asMap().toString();
    }
}
