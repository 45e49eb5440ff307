package io.bucketry.application.contract;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.property.Gen;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Random input of the aggregation properties: a bucket policy, a window size (some do not divide an
 * hour), a query range, and readings — times often 1 ms either side of a window or bucket boundary;
 * numeric, text and mixed fields — ingested in batches that repeat some identities with other values.
 */
record AggregationScenario(BucketPolicy policy, Duration window, Instant from, Instant to,
                           List<Spec> specs, int batchCount) {

    /** One reading before its series id is known: which series (an index), when, and its fields. */
    record Spec(int series, long time, Map<String, Object> fields) {
    }

    private static final long EARLIEST = Fixtures.BASE.minus(Duration.ofDays(1)).toEpochMilli();
    private static final long LATEST = Fixtures.NOW.toEpochMilli() - 1;
    private static final long HOUR = 3_600_000;

    private static final List<Duration> WINDOWS = List.of(Duration.ofSeconds(13), Duration.ofMinutes(7),
            Duration.ofMinutes(5), Duration.ofHours(1), Duration.ofMinutes(90), Duration.ofDays(1));
    private static final List<BucketPolicy.Windowed> POLICIES = List.of(BucketPolicy.defaults(),
            BucketPolicy.windowed(Duration.ofHours(1), 4), BucketPolicy.windowed(Duration.ofMinutes(15), 5));

    /** Scenarios whose readings belong to {@code seriesCount} series. */
    static Gen<AggregationScenario> generator(int seriesCount) {
        Gen<Integer> seriesIndexes = Gen.ints(0, seriesCount - 1);
        Gen<Map<String, Object>> fields = fields();
        Gen<Integer> batchCounts = Gen.ints(1, 4);
        return random -> {
            Duration window = Gen.of(WINDOWS).next(random);
            BucketPolicy.Windowed policy = Gen.of(POLICIES).next(random);
            Gen<Long> times = times(window.toMillis(), policy.widthMillis());
            Gen<Spec> spec = r -> new Spec(seriesIndexes.next(r), times.next(r), fields.next(r));
            Gen<long[]> range = Gen.frequency(
                    Gen.weighted(1, Gen.constant(new long[] {EARLIEST - HOUR, LATEST + HOUR})),
                    Gen.weighted(3, r -> {
                        long a = times.next(r);
                        long b = times.next(r);
                        return new long[] {Math.min(a, b), Math.max(a, b) + 1};
                    }));
            List<Spec> specs = spec.list(0, 120).next(random);
            long[] bounds = range.next(random);
            return new AggregationScenario(policy, window, Instant.ofEpochMilli(bounds[0]),
                    Instant.ofEpochMilli(bounds[1]), specs, batchCounts.next(random));
        };
    }

    /** Uniform times, and times 1 ms either side of (or on) a window or bucket boundary. */
    private static Gen<Long> times(long window, long bucket) {
        return Gen.frequency(
                Gen.weighted(3, Gen.longs(EARLIEST, LATEST)),
                Gen.weighted(2, nearMultipleOf(window)),
                Gen.weighted(2, nearMultipleOf(bucket)));
    }

    private static Gen<Long> nearMultipleOf(long step) {
        Gen<Long> multiples = Gen.longs(Math.floorDiv(EARLIEST, step) + 1, Math.floorDiv(LATEST, step));
        Gen<Long> deltas = Gen.of(-1L, 0L, 1L);
        return random -> multiples.next(random) * step + deltas.next(random);
    }

    private static Gen<Map<String, Object>> fields() {
        // two decimals in [-1000, 1000]; + 0.0 turns -0.0 into 0.0
        Gen<Double> numbers = Gen.ints(-100_000, 100_000).map(cents -> cents / 100.0 + 0.0);
        Gen<Object> mixed = Gen.oneOf(numbers, Gen.of("n/a", "42"));
        Gen<Double> temperatures = numbers.orNull(0.1);
        Gen<Double> pressures = numbers.orNull(0.5);
        Gen<String> statuses = Gen.of("OK", "WARN", "FAIL").orNull(0.5);
        Gen<Object> mixedOrNull = mixed.orNull(0.3);
        return random -> {
            Map<String, Object> fields = new LinkedHashMap<>();
            putIfPresent(fields, "temperature", temperatures.next(random));
            putIfPresent(fields, "pressure", pressures.next(random));
            putIfPresent(fields, "status", statuses.next(random));
            putIfPresent(fields, "mixed", mixedOrNull.next(random));
            if (fields.isEmpty()) {
                fields.put("status", "OK");
            }
            return fields;
        };
    }

    private static void putIfPresent(Map<String, Object> fields, String name, Object value) {
        if (value != null) {
            fields.put(name, value);
        }
    }

    /**
     * The batches to ingest, in order, over {@code series}: the specs split into {@link #batchCount}
     * batches, every seventh reading repeated right after itself with other values (a duplicate
     * within the batch), and every fifth repeated in a last batch (a duplicate across batches).
     */
    List<List<Reading>> batches(List<SeriesId> series) {
        List<Reading> readings = new ArrayList<>();
        List<Reading> replays = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            Spec spec = specs.get(i);
            Reading reading = Reading.of(series.get(spec.series()).value(), Instant.ofEpochMilli(spec.time()),
                    spec.fields());
            readings.add(reading);
            if (i % 7 == 3) {
                readings.add(altered(reading));
            }
            if (i % 5 == 2) {
                replays.add(altered(reading));
            }
        }
        List<List<Reading>> batches = new ArrayList<>();
        int size = Math.max(1, (readings.size() + batchCount - 1) / batchCount);
        for (int from = 0; from < readings.size(); from += size) {
            batches.add(readings.subList(from, Math.min(readings.size(), from + size)));
        }
        if (!replays.isEmpty()) {
            batches.add(replays);
        }
        return batches;
    }

    private static Reading altered(Reading reading) {
        return Reading.of(reading.series().value(), reading.time(), Map.of("temperature", 9999.0, "status", "REPLAY"));
    }
}
