package io.bucketry.application.contract;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Grouped aggregates the slowest obvious way, sharing no code with the domain's: each kept reading put
 * under the values of {@code keys} in the tags it was written with, each group window's readings sorted
 * by (time, series id), first and last taken from the ends of that order.
 */
final class BruteForceGroups {

    /** One expected group: its values (null: absent), how many series it merges, its windows. */
    record Group(List<String> values, int series, List<WindowAggregate> windows) {
    }

    private static final Comparator<Reading> TIME_THEN_SERIES =
            Comparator.comparing(Reading::time).thenComparing(Reading::series);

    private BruteForceGroups() {
    }

    static List<Group> groups(List<Reading> kept, TagFilter filter, List<String> keys, Instant from, Instant to,
                              Duration window) {
        long width = window.toMillis();
        Map<String, List<String>> valuesByName = new TreeMap<>();
        Map<String, TreeMap<Long, List<Reading>>> byGroup = new TreeMap<>();
        for (Reading reading : kept) {
            if (reading.time().isBefore(from) || !reading.time().isBefore(to) || !filter.matches(reading.meta().tags())) {
                continue;
            }
            List<String> values = new ArrayList<>();
            keys.forEach(key -> values.add(reading.meta().tags().get(key)));
            // a sortable name: absent before any value, as the groups are ordered
            String name = String.join("|", values.stream().map(v -> v == null ? "\u0000" : "\u0001" + v).toList());
            valuesByName.put(name, values);
            byGroup.computeIfAbsent(name, g -> new TreeMap<>())
                    .computeIfAbsent(Math.floorDiv(reading.epochMilli(), width) * width, s -> new ArrayList<>()).add(reading);
        }
        List<Group> result = new ArrayList<>();
        byGroup.forEach((name, windows) -> {
            TreeSet<SeriesId> series = new TreeSet<>();
            windows.values().forEach(readings -> readings.forEach(r -> series.add(r.series())));
            List<WindowAggregate> aggregates = new ArrayList<>();
            windows.forEach((start, readings) -> aggregates.add(new WindowAggregate(series.first(),
                    Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + width), readings.size(), fieldsOf(readings))));
            result.add(new Group(valuesByName.get(name), series.size(), aggregates));
        });
        return result;
    }

    /** {@code actual} has the groups of {@code expected}, in order, each with its count of series and its windows. */
    static void assertSameGroups(List<GroupWindows> actual, List<Group> expected, String where) {
        assertThat(actual).as(where).extracting(g -> g.group().values() + " x" + g.series())
                .containsExactlyElementsOf(expected.stream().map(g -> g.values() + " x" + g.series()).toList());
        for (int i = 0; i < expected.size(); i++) {
            WindowAssertions.assertSameWindows(actual.get(i).windows(), expected.get(i).windows(), where);
        }
    }

    private static Map<String, FieldAggregate> fieldsOf(List<Reading> readings) {
        Map<String, List<Double>> values = new TreeMap<>();
        for (Reading reading : readings.stream().sorted(TIME_THEN_SERIES).toList()) {
            reading.fields().forEach((name, value) -> {
                if (value instanceof FieldValue.Numeric numeric) {
                    values.computeIfAbsent(name, n -> new ArrayList<>()).add(numeric.value());
                }
            });
        }
        Map<String, FieldAggregate> fields = new TreeMap<>();
        values.forEach((name, list) -> fields.put(name, new FieldAggregate(list.size(),
                list.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                list.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                list.stream().mapToDouble(Double::doubleValue).sum(), list.get(0), list.get(list.size() - 1))));
        return fields;
    }
}
