package io.bucketry.domain;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Random readings for property-based tests. Numbers are quarters within ±1,000,000, so every sum
 * of a few thousand of them is exact in a double and results can be compared exactly whatever the
 * order of addition.
 */
final class ReadingArbitraries {

    private static final List<String> NAMES = List.of("temperature", "pressure", "humidity", "status", "a", "B_2");
    private static final List<String> TEXTS = List.of("OK", "LOW", "HIGH", "", "n/a", "status with spaces");

    private ReadingArbitraries() {
    }

    static Arbitrary<Double> exactNumbers() {
        return Arbitraries.integers().between(-4_000_000, 4_000_000).map(i -> i / 4.0);
    }

    static Arbitrary<Object> values() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, exactNumbers().map(d -> (Object) d)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(TEXTS).map(s -> (Object) s)),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().alpha().ofMaxLength(12).map(s -> (Object) s)));
    }

    static Arbitrary<Map<String, Object>> fields() {
        return Arbitraries.subsetOf(NAMES).ofMinSize(1).flatMap(names -> {
            List<String> ordered = NAMES.stream().filter(names::contains).toList();
            return values().list().ofSize(ordered.size()).map(values -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < ordered.size(); i++) {
                    map.put(ordered.get(i), values.get(i));
                }
                return map;
            });
        });
    }

    /** Readings of {@link TestReadings#SENSOR} with times in [from, to), duplicates of a time possible. */
    static Arbitrary<Reading> readings(long from, long to) {
        return Combinators.combine(Arbitraries.longs().between(from, to - 1), fields())
                .as((time, fields) -> new Reading(TestReadings.SENSOR, Instant.ofEpochMilli(time), Fields.of(fields)));
    }

    /** Lists of readings with distinct times in [from, to). */
    static Arbitrary<List<Reading>> distinctReadings(long from, long to, int maxSize) {
        return readings(from, to).list().ofMaxSize(maxSize).uniqueElements(Reading::epochMilli);
    }

    /** Lists of readings in [from, to) where many times repeat (with other values). */
    static Arbitrary<List<Reading>> readingsWithDuplicates(long from, long to, int maxSize) {
        return readings(from, Math.min(to, from + maxSize / 2 + 2)).list().ofMaxSize(maxSize);
    }
}
