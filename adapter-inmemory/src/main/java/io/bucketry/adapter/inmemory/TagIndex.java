package io.bucketry.adapter.inmemory;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * From tag key and value to the series that have a version with it, so that a filter reads the series
 * of its tags instead of every series. A series is listed under every version it ever had (a filter on
 * the tags readings were written with finds the readings of a moved sensor under its old building too);
 * callers check each candidate's versions. Thread-safe.
 */
final class TagIndex {

    private final Map<String, Map<String, Set<SeriesId>>> byKey = new ConcurrentHashMap<>();
    /** True once any series has a version with a meta: until then ingest's lookups answer at once. */
    private volatile boolean used;

    /** Lists {@code series} under every tag of {@code meta}, a version it now has. */
    void add(SeriesId series, SeriesMeta meta) {
        used = true;
        meta.tags().values().forEach((key, value) -> byKey.computeIfAbsent(key, k -> new ConcurrentHashMap<>())
                .computeIfAbsent(value, v -> ConcurrentHashMap.newKeySet()).add(series));
    }

    /** Removes {@code series} from under the tags of its versions {@code metas}. */
    void remove(SeriesId series, Collection<SeriesMeta> metas) {
        for (SeriesMeta meta : metas) {
            meta.tags().values().forEach((key, value) -> {
                Map<String, Set<SeriesId>> values = byKey.get(key);
                Set<SeriesId> ids = values == null ? null : values.get(value);
                if (ids != null) {
                    ids.remove(series);
                }
            });
        }
    }

    boolean used() {
        return used;
    }

    /**
     * The series that may have a version matching {@code filter} (not {@link TagFilter#ANY}), in id order:
     * those listed under each condition's tags, intersected across conditions, smallest first.
     */
    TreeSet<SeriesId> candidates(TagFilter filter) {
        List<Set<SeriesId>> perCondition = filter.conditions().stream().map(this::seriesOf)
                .sorted(Comparator.comparingInt(Set::size)).toList();
        TreeSet<SeriesId> result = new TreeSet<>(perCondition.get(0));
        for (int i = 1; i < perCondition.size() && !result.isEmpty(); i++) {
            result.retainAll(perCondition.get(i));
        }
        return result;
    }

    private Set<SeriesId> seriesOf(TagFilter.Condition condition) {
        Map<String, Set<SeriesId>> values = byKey.getOrDefault(condition.key(), Map.of());
        Collection<String> wanted = condition.values().isEmpty() ? values.keySet() : condition.values();
        Set<SeriesId> series = new java.util.HashSet<>();
        for (String value : wanted) {
            series.addAll(values.getOrDefault(value, Set.of()));
        }
        return series;
    }

    /** Whether any version of {@code metas} has tags matching {@code filter}. */
    static boolean anyMatches(Collection<SeriesMeta> metas, TagFilter filter) {
        for (SeriesMeta meta : metas) {
            if (filter.matches(meta.tags())) {
                return true;
            }
        }
        return false;
    }

}
