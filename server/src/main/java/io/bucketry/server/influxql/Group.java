package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Statement.Dimensions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The series of one output series: one measurement and one value of each tag grouped by.
 *
 * @param tags the tags grouped by and their values (a missing tag is ""), or null without GROUP BY tags
 */
record Group(String measurement, SortedMap<String, String> tags, List<TaggedSeries> series) {

    /** The tag keys {@code dimensions} groups by among {@code keys}, the measurement's tag keys. */
    static SortedSet<String> keys(Dimensions dimensions, SortedSet<String> keys) {
        if (dimensions.allTags()) {
            return keys;
        }
        SortedSet<String> grouped = new TreeSet<>(dimensions.tags());
        if (dimensions.tagPattern() != null) {
            keys.stream().filter(k -> dimensions.tagPattern().pattern().matcher(k).find()).forEach(grouped::add);
        }
        return grouped;
    }

    /** {@code series} of one measurement split by the values of {@code grouped}, ordered by those values. */
    static List<Group> of(String measurement, List<TaggedSeries> series, SortedSet<String> grouped) {
        if (grouped.isEmpty()) {
            return series.isEmpty() ? List.of() : List.of(new Group(measurement, null, series));
        }
        Map<List<String>, List<TaggedSeries>> byValues = new LinkedHashMap<>();
        for (TaggedSeries one : series) {
            List<String> values = grouped.stream().map(one::tag).toList();
            byValues.computeIfAbsent(values, v -> new ArrayList<>()).add(one);
        }
        List<Group> groups = new ArrayList<>(byValues.size());
        byValues.forEach((values, members) -> {
            SortedMap<String, String> tags = new TreeMap<>();
            int i = 0;
            for (String key : grouped) {
                tags.put(key, values.get(i++));
            }
            groups.add(new Group(measurement, tags, members));
        });
        groups.sort(Comparator.comparing(g -> String.join("\u0000", g.tags().values())));
        return groups;
    }
}
