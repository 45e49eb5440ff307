package io.bucketry.application.contract;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

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
    private static final List<BucketPolicy> POLICIES = List.of(BucketPolicy.defaults(),
            BucketPolicy.windowed(Duration.ofHours(1), 4), BucketPolicy.windowed(Duration.ofMinutes(15), 5));

    /** Scenarios whose readings belong to {@code seriesCount} series. */
    static Arbitrary<AggregationScenario> arbitrary(int seriesCount) {
        return Arbitraries.of(WINDOWS).flatMap(window -> Arbitraries.of(POLICIES).flatMap(policy -> {
            Arbitrary<Long> times = times(window.toMillis(), policy.widthMillis());
            Arbitrary<Spec> spec = Combinators.combine(Arbitraries.integers().between(0, seriesCount - 1), times,
                    fields()).as(Spec::new);
            Arbitrary<long[]> range = Arbitraries.frequencyOf(
                    Tuple.of(1, Arbitraries.just(new long[] {EARLIEST - HOUR, LATEST + HOUR})),
                    Tuple.of(3, times.tuple2().map(t -> new long[] {Math.min(t.get1(), t.get2()),
                            Math.max(t.get1(), t.get2()) + 1})));
            return Combinators.combine(spec.list().ofMaxSize(120), range, Arbitraries.integers().between(1, 4))
                    .as((specs, r, batches) -> new AggregationScenario(policy, window,
                            Instant.ofEpochMilli(r[0]), Instant.ofEpochMilli(r[1]), specs, batches));
        }));
    }

    /** Uniform times, and times 1 ms either side of (or on) a window or bucket boundary. */
    private static Arbitrary<Long> times(long window, long bucket) {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.longs().between(EARLIEST, LATEST)),
                Tuple.of(2, nearMultipleOf(window)),
                Tuple.of(2, nearMultipleOf(bucket)));
    }

    private static Arbitrary<Long> nearMultipleOf(long step) {
        long first = Math.floorDiv(EARLIEST, step) + 1;
        long last = Math.floorDiv(LATEST, step);
        return Combinators.combine(Arbitraries.longs().between(first, last), Arbitraries.of(-1L, 0L, 1L))
                .as((k, delta) -> k * step + delta);
    }

    private static Arbitrary<Map<String, Object>> fields() {
        Arbitrary<Double> numbers = Arbitraries.doubles().between(-1000, 1000).ofScale(2).map(v -> v + 0.0);
        Arbitrary<Object> mixed = Arbitraries.oneOf(numbers.map(Object.class::cast), Arbitraries.of("n/a", "42"));
        return Combinators.combine(numbers.injectNull(0.1), numbers.injectNull(0.5),
                Arbitraries.of("OK", "WARN", "FAIL").injectNull(0.5), mixed.injectNull(0.3))
                .as((temperature, pressure, status, reading) -> {
                    Map<String, Object> fields = new LinkedHashMap<>();
                    putIfPresent(fields, "temperature", temperature);
                    putIfPresent(fields, "pressure", pressure);
                    putIfPresent(fields, "status", status);
                    putIfPresent(fields, "mixed", reading);
                    if (fields.isEmpty()) {
                        fields.put("status", "OK");
                    }
                    return fields;
                });
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
