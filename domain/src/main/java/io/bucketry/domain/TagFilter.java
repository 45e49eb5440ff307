package io.bucketry.domain;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which tags a query keeps: every condition must hold (a key given twice must hold both times); a
 * condition holds when the tags have its key with one of its values, or any value when it lists none.
 * {@link #ANY} keeps every series, tagged or not.
 */
public record TagFilter(List<Condition> conditions) {

    public static final TagFilter ANY = new TagFilter(List.of());

    /**
     * One key and the values it may have (unmodifiable, in order); empty: any value, but the key must be there.
     */
    public record Condition(String key, Set<String> values) {

        public Condition {
            String problem = Tags.keyProblem(key);
            for (String value : values) {
                problem = problem != null ? problem : Tags.valueProblem(key, value);
            }
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            values = Collections.unmodifiableSet(new TreeSet<>(values));
        }

        /** The key with any value. */
        public static Condition any(String key) {
            return new Condition(key, Set.of());
        }

        /** The key with one of {@code values}. */
        public static Condition oneOf(String key, String... values) {
            return new Condition(key, new TreeSet<>(Arrays.asList(values)));
        }

        public boolean matches(Tags tags) {
            String value = tags.get(key);
            return value != null && (values.isEmpty() || values.contains(value));
        }
    }

    public TagFilter {
        conditions = List.copyOf(Objects.requireNonNull(conditions, "conditions"));
    }

    public static TagFilter of(Condition... conditions) {
        return new TagFilter(List.of(conditions));
    }

    /** True when every condition holds for {@code tags}. */
    public boolean matches(Tags tags) {
        for (Condition condition : conditions) {
            if (!condition.matches(tags)) {
                return false;
            }
        }
        return true;
    }

    /** True when this filter keeps everything. */
    public boolean isAny() {
        return conditions.isEmpty();
    }
}
