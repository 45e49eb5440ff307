package io.bucketry.tools.check;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.tools.check.CheckContext.OpenStore;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeMap;

import static io.bucketry.tools.check.CheckData.*;

/**
 * Five-minute window aggregates of every series, computed by the server, against a brute-force
 * computation over the readings written (random times and values from a printed seed, late ones
 * and resent duplicates among them).
 */
final class WindowCheck {

    static final Duration WINDOW = Duration.ofMinutes(5);
    private static final double TOLERANCE = 1e-9;

    private WindowCheck() {
    }

    static Outcome run(CheckContext context) {
        long seed = context.now().toEpochMilli();
        Random random = new Random(seed);
        Instant first = origin(context.now());
        List<ReadingInput> written = new ArrayList<>();
        for (String series : List.of("window-a", "window-b", "window-c")) {
            for (int i = 0; i < 150; i++) {
                Instant time = first.plusMillis(random.nextInt(3 * 3_600_000));
                written.add(reading(series, time, Math.round(random.nextGaussian() * 1e4) / 100.0));
            }
        }
        List<ReadingInput> resent = written.subList(0, 40);
        try (OpenStore store = context.open("window_aggregates")) {
            store.useCases().ingest().ingest(written);
            store.useCases().ingest().ingest(resent);
            Instant to = first.plus(Duration.ofHours(3));
            List<WindowAggregate> all = store.useCases().aggregateAll().aggregateAll(first, to, WINDOW);
            List<WindowAggregate> one = store.useCases().aggregate().aggregate(new SeriesId("window-b"), first, to, WINDOW);
            List<String> expectedAll = bruteForce(firstWins(written));
            List<String> expectedOne = expectedAll.stream().filter(line -> line.startsWith("window-b ")).toList();
            String diff = firstDifference(expectedAll, describe(all));
            String diffOne = firstDifference(expectedOne, describe(one));
            return Outcome.when(diff == null && diffOne == null,
                    expectedAll.size() + " windows of 3 series (count, min, max, sum, first, last of temperature) equal a "
                            + "brute-force computation, all series and one (seed " + seed + ")",
                    "seed " + seed + ": " + (diff != null ? "all series: " + diff : "one series: " + diffOne));
        }
    }

    /** The deduplicated readings: for each identity the first written. */
    static List<Reading> firstWins(List<ReadingInput> written) {
        TreeMap<String, Reading> kept = new TreeMap<>();
        for (Reading reading : expected(written)) {
            kept.putIfAbsent(reading.series().value() + " " + reading.time(), reading);
        }
        return new ArrayList<>(kept.values());
    }

    static List<String> bruteForce(List<Reading> readings) {
        return bruteForce(readings, WINDOW);
    }

    /** Windows of {@code width} over {@code readings}, one line each, as {@link #describe} writes them. */
    static List<String> bruteForce(List<Reading> readings, Duration width) {
        TreeMap<String, List<Reading>> windows = new TreeMap<>();
        for (Reading reading : readings) {
            long start = Math.floorDiv(reading.epochMilli(), width.toMillis()) * width.toMillis();
            windows.computeIfAbsent(reading.series().value() + " " + Instant.ofEpochMilli(start), k -> new ArrayList<>())
                    .add(reading);
        }
        List<String> out = new ArrayList<>();
        windows.forEach((key, members) -> {
            members.sort(Comparator.comparing(Reading::time));
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double sum = 0;
            for (Reading reading : members) {
                double value = reading.fields().number("temperature");
                min = Math.min(min, value);
                max = Math.max(max, value);
                sum += value;
            }
            out.add(line(key, members.size(), min, max, sum, members.get(0).fields().number("temperature"),
                    members.get(members.size() - 1).fields().number("temperature")));
        });
        return out;
    }

    static List<String> describe(List<WindowAggregate> windows) {
        List<String> out = new ArrayList<>();
        for (WindowAggregate window : windows) {
            FieldAggregate t = window.fields().get("temperature");
            out.add(t == null ? window.series().value() + " " + window.start() + " no temperature"
                    : line(window.series().value() + " " + window.start(), window.count(), t.min(), t.max(), t.sum(),
                    t.first(), t.last()));
        }
        out.sort(null);
        return out;
    }

    /** Sums are rounded so that the server's order of addition does not matter. */
    private static String line(String key, long count, double min, double max, double sum, double first, double last) {
        return String.format(Locale.ROOT, "%s count=%d min=%s max=%s sum=%.6f first=%s last=%s", key, count, min, max,
                Math.abs(sum) < TOLERANCE ? 0.0 : sum, first, last);
    }

    static String firstDifference(List<String> expected, List<String> actual) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            String e = i < expected.size() ? expected.get(i) : "(none)";
            String a = i < actual.size() ? actual.get(i) : "(none)";
            if (!e.equals(a)) {
                return "window " + (i + 1) + " expected " + e + " but was " + a;
            }
        }
        return null;
    }
}
