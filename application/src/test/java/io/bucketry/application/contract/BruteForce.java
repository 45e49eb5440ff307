package io.bucketry.application.contract;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answers a store must give, computed the slowest obvious way from the raw readings, with no
 * code shared with the domain's aggregation: the oracle of the contract suite.
 */
public final class BruteForce {

    /** By series, then time. */
    public static final Comparator<Reading> SERIES_THEN_TIME =
            Comparator.comparing(Reading::series).thenComparing(Reading::time);

    private BruteForce() {
    }

    /** What a store keeps of readings ingested in this order: the first of each identity, sorted by series and time. */
    public static List<Reading> firstWins(List<Reading> inIngestOrder) {
        Map<String, Reading> kept = new LinkedHashMap<>();
        for (Reading reading : inIngestOrder) {
            kept.putIfAbsent(reading.series().value() + "@" + reading.epochMilli(), reading);
        }
        List<Reading> sorted = new ArrayList<>(kept.values());
        sorted.sort(SERIES_THEN_TIME);
        return sorted;
    }

    /** The readings of {@code series} in {@code [from, to)}, in time order. */
    public static List<Reading> range(List<Reading> kept, SeriesId series, Instant from, Instant to) {
        return kept.stream()
                .filter(r -> r.series().equals(series))
                .filter(r -> !r.time().isBefore(from) && r.time().isBefore(to))
                .sorted(SERIES_THEN_TIME)
                .toList();
    }

    /** Page {@code number} of size {@code size} of the sorted readings of {@code series}; empty past the end. */
    public static List<Reading> page(List<Reading> kept, SeriesId series, int number, int size) {
        List<Reading> all = range(kept, series, Instant.MIN, Instant.MAX);
        long from = (long) (number - 1) * size;
        if (from >= all.size()) {
            return List.of();
        }
        return all.subList((int) from, (int) Math.min(all.size(), from + size));
    }

    /**
     * Window aggregates of the readings in {@code [from, to)} of every series in {@code kept}
     * (deduplicated already), ordered by series then window start; empty windows omitted.
     */
    public static List<WindowAggregate> windows(List<Reading> kept, Instant from, Instant to, Duration window) {
        long width = window.toMillis();
        TreeMap<SeriesId, TreeMap<Long, List<Reading>>> grouped = new TreeMap<>();
        for (Reading reading : kept) {
            if (reading.time().isBefore(from) || !reading.time().isBefore(to)) {
                continue;
            }
            long start = Math.floorDiv(reading.epochMilli(), width) * width;
            grouped.computeIfAbsent(reading.series(), s -> new TreeMap<>())
                    .computeIfAbsent(start, s -> new ArrayList<>())
                    .add(reading);
        }
        List<WindowAggregate> result = new ArrayList<>();
        grouped.forEach((series, windows) -> windows.forEach((start, readings) -> result.add(new WindowAggregate(series,
                Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + width), readings.size(), fieldsOf(readings)))));
        return result;
    }

    private static Map<String, FieldAggregate> fieldsOf(List<Reading> readings) {
        List<Reading> byTime = readings.stream().sorted(SERIES_THEN_TIME).toList();
        Map<String, List<Double>> values = new TreeMap<>();
        for (Reading reading : byTime) {
            reading.fields().forEach((name, value) -> {
                if (value instanceof FieldValue.Numeric numeric) {
                    values.computeIfAbsent(name, n -> new ArrayList<>()).add(numeric.value());
                }
            });
        }
        Map<String, FieldAggregate> fields = new TreeMap<>();
        values.forEach((name, list) -> {
            double min = list.get(0);
            double max = list.get(0);
            double sum = 0;
            for (double v : list) {
                min = Math.min(min, v);
                max = Math.max(max, v);
                sum += v;
            }
            fields.put(name, new FieldAggregate(list.size(), min, max, sum, list.get(0), list.get(list.size() - 1)));
        });
        return fields;
    }
}
