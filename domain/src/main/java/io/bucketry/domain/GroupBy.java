package io.bucketry.domain;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * The tag keys grouped aggregates group by, in the order given ({@code groupBy=building,type}): readings
 * whose tags have the same values for these keys fall in one group; a reading without a key falls in
 * the group whose value for it is absent (null), so the series lacking a key form a group of their own.
 */
public record GroupBy(List<String> keys) {

    /** At most this many keys; as many as a series has tags. */
    public static final int MAX_KEYS = Tags.MAX_TAGS;

    public GroupBy {
        keys = List.copyOf(Objects.requireNonNull(keys, "keys"));
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("groupBy names no tag key");
        }
        if (keys.size() > MAX_KEYS) {
            throw new IllegalArgumentException("groupBy names " + keys.size() + " keys; at most " + MAX_KEYS + " are allowed");
        }
        for (String key : keys) {
            String problem = Tags.keyProblem(key);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
        }
        if (new HashSet<>(keys).size() != keys.size()) {
            throw new IllegalArgumentException("groupBy names a tag key twice: " + keys);
        }
    }

    public static GroupBy of(String... keys) {
        return new GroupBy(List.of(keys));
    }

    /** The group of a reading written with {@code tags}. */
    public TagGroup groupOf(Tags tags) {
        List<String> values = new ArrayList<>(keys.size());
        for (String key : keys) {
            values.add(tags.get(key));
        }
        return new TagGroup(keys, values);
    }
}
