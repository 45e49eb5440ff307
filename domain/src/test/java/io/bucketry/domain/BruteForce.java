package io.bucketry.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Independent, deliberately naive computations the domain's results are checked against: no
 * columns, no binary search, no incremental summaries — just lists, sorting and loops.
 */
public final class BruteForce {

    private BruteForce() {
    }

    /** What a bucket should hold after adding {@code inserted} in that order: the first reading per time wins, sorted. */
    public static List<Reading> deduplicatedAndSorted(List<Reading> inserted) {
        Map<Long, Reading> firstPerTime = new HashMap<>();
        for (Reading reading : inserted) {
            firstPerTime.putIfAbsent(reading.epochMilli(), reading);
        }
        List<Reading> sorted = new ArrayList<>(firstPerTime.values());
        sorted.sort(Comparator.comparingLong(Reading::epochMilli));
        return sorted;
    }

    /** Count, min, max and sum per numeric field over {@code readings}. */
    public static Map<String, FieldSummary> summaries(List<Reading> readings) {
        Map<String, List<Double>> values = numericValuesInTimeOrder(readings);
        Map<String, FieldSummary> summaries = new HashMap<>();
        values.forEach((name, list) -> summaries.put(name, new FieldSummary(list.size(),
                list.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                list.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                sumInOrder(list))));
        return summaries;
    }

    /**
     * The window aggregates of {@code readings} (deduplicated, one series) for windows of
     * {@code windowMillis} aligned to the epoch, keeping only readings with times in [from, to).
     */
    public static List<WindowAggregate> windows(SeriesId series, List<Reading> readings, long windowMillis,
                                         long from, long to) {
        TreeMap<Long, List<Reading>> byWindow = new TreeMap<>();
        for (Reading reading : readings) {
            long time = reading.epochMilli();
            if (time >= from && time < to) {
                long start = Math.floorDiv(time, windowMillis) * windowMillis;
                byWindow.computeIfAbsent(start, s -> new ArrayList<>()).add(reading);
            }
        }
        List<WindowAggregate> result = new ArrayList<>();
        byWindow.forEach((start, inWindow) -> {
            inWindow.sort(Comparator.comparingLong(Reading::epochMilli));
            Map<String, FieldAggregate> fields = new HashMap<>();
            numericValuesInTimeOrder(inWindow).forEach((name, list) -> fields.put(name, new FieldAggregate(
                    list.size(),
                    list.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    list.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                    sumInOrder(list),
                    list.get(0),
                    list.get(list.size() - 1))));
            result.add(new WindowAggregate(series, Instant.ofEpochMilli(start),
                    Instant.ofEpochMilli(start + windowMillis), inWindow.size(), fields));
        });
        return result;
    }

    public static List<WindowAggregate> windows(SeriesId series, List<Reading> readings, long windowMillis) {
        return windows(series, readings, windowMillis, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static Map<String, List<Double>> numericValuesInTimeOrder(List<Reading> readings) {
        List<Reading> sorted = new ArrayList<>(readings);
        sorted.sort(Comparator.comparingLong(Reading::epochMilli));
        Map<String, List<Double>> values = new LinkedHashMap<>();
        TreeSet<String> names = new TreeSet<>();
        for (Reading reading : sorted) {
            names.addAll(reading.fields().keySet());
        }
        for (String name : names) {
            for (Reading reading : sorted) {
                if (reading.fields().get(name) instanceof FieldValue.Numeric numeric) {
                    values.computeIfAbsent(name, n -> new ArrayList<>()).add(numeric.value());
                }
            }
        }
        return values;
    }

    private static double sumInOrder(List<Double> values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum;
    }
}
