package io.bucketry.domain;

import io.bucketry.property.Gen;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Random readings for property-based tests. Numbers are quarters within ±1,000,000, so every sum
 * of a few thousand of them is exact in a double and results can be compared exactly whatever the
 * order of addition.
 */
public final class ReadingGenerators {

    private static final List<String> NAMES = List.of("temperature", "pressure", "humidity", "status", "a", "B_2");
    private static final List<String> TEXTS = List.of("OK", "LOW", "HIGH", "", "n/a", "status with spaces");

    private ReadingGenerators() {
    }

    public static Gen<Double> exactNumbers() {
        return Gen.ints(-4_000_000, 4_000_000).map(i -> i / 4.0);
    }

    public static Gen<Object> values() {
        return Gen.frequency(
                Gen.weighted(4, exactNumbers().map(d -> (Object) d)),
                Gen.weighted(1, Gen.of(TEXTS).map(s -> (Object) s)),
                Gen.weighted(1, Gen.alphaStrings(0, 12).map(s -> (Object) s)));
    }

    /** Maps of 1 to 6 of the names above, in their order, with values of {@link #values()}. */
    public static Gen<Map<String, Object>> fields() {
        return mapsOf(Gen.subsetOf(NAMES, 1));
    }

    /** Maps whose keys {@code names} draws, in its order, with values of {@link #values()}. */
    public static Gen<Map<String, Object>> mapsOf(Gen<List<String>> names) {
        Gen<Object> values = values();
        return random -> {
            Map<String, Object> map = new LinkedHashMap<>();
            for (String name : names.next(random)) {
                map.put(name, values.next(random));
            }
            return map;
        };
    }

    /** Readings of {@link TestReadings#SENSOR} with times in [from, to), duplicates of a time possible. */
    public static Gen<Reading> readings(long from, long to) {
        Gen<Long> times = Gen.longs(from, to - 1);
        Gen<Map<String, Object>> fields = fields();
        return random -> new Reading(TestReadings.SENSOR, Instant.ofEpochMilli(times.next(random)),
                Fields.of(fields.next(random)));
    }

    /** Lists of readings with distinct times in [from, to). */
    public static Gen<List<Reading>> distinctReadings(long from, long to, int maxSize) {
        return readings(from, to).uniqueList(0, maxSize, Reading::epochMilli);
    }

    /** Lists of readings in [from, to) where many times repeat (with other values). */
    public static Gen<List<Reading>> readingsWithDuplicates(long from, long to, int maxSize) {
        return readings(from, Math.min(to, from + maxSize / 2 + 2)).list(0, maxSize);
    }
}
