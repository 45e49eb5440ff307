package io.bucketry.domain;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The readings of one series in one rollup tier window that were written with the same tags: how many,
 * and per numeric field its span with the times of its first and last value, so that slices of
 * different series merge exactly into a group ({@link GroupAggregator#add(Tags, long, TierSlice)}).
 *
 * @param fields per numeric field name, in name order (unmodifiable)
 */
public record TierSlice(Tags tags, long count, Map<String, FieldSpan> fields) {

    public TierSlice {
        Objects.requireNonNull(tags, "tags");
        if (count < 1) {
            throw new IllegalArgumentException("a tier slice holds at least one reading, got count " + count);
        }
        TreeMap<String, FieldSpan> sorted = new TreeMap<>();
        fields.forEach((name, span) -> {
            if (Objects.requireNonNull(span, () -> "field '" + name + "' has no span").count() > count) {
                throw new IllegalArgumentException("field '" + name + "' has " + span.count() + " values in a slice of "
                        + count + " readings");
            }
            sorted.put(name, span);
        });
        fields = Collections.unmodifiableMap(sorted);
    }

    /** The slice of both this one's readings and {@code other}'s (of the same tags, disjoint in time). */
    TierSlice merge(TierSlice other) {
        Map<String, FieldSpan> merged = new TreeMap<>(fields);
        other.fields.forEach((name, span) -> merged.merge(name, span, FieldSpan::merge));
        return new TierSlice(tags, count + other.count, merged);
    }
}
