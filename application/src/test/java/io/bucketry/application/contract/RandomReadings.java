package io.bucketry.application.contract;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Reproducible random readings in {@code [BASE, NOW)}, for tests that need bulk rather than shrinking. */
final class RandomReadings {

    private static final long SPAN = Fixtures.NOW.toEpochMilli() - Fixtures.BASE.toEpochMilli();

    private final Random random;

    RandomReadings(long seed) {
        this.random = new Random(seed);
    }

    /** {@code count} readings with distinct identities spread over {@code series}, in random order. */
    List<Reading> distinct(List<SeriesId> series, int count) {
        List<Reading> readings = new ArrayList<>(count);
        Set<String> identities = new HashSet<>();
        while (readings.size() < count) {
            SeriesId id = series.get(random.nextInt(series.size()));
            long time = Fixtures.BASE.toEpochMilli() + (long) (random.nextDouble() * SPAN);
            if (identities.add(id + "@" + time)) {
                readings.add(Reading.of(id.value(), Instant.ofEpochMilli(time), fields()));
            }
        }
        return readings;
    }

    /** The readings in shuffled batches of at most {@code size}, with a share of them repeated with other values. */
    List<List<Reading>> batchesWithDuplicates(List<Reading> readings, int size, double duplicateShare) {
        List<Reading> all = new ArrayList<>(readings);
        for (Reading reading : readings) {
            if (random.nextDouble() < duplicateShare) {
                all.add(Reading.of(reading.series().value(), reading.time(), fields()));
            }
        }
        Collections.shuffle(all, random);
        List<List<Reading>> batches = new ArrayList<>();
        for (int from = 0; from < all.size(); from += size) {
            batches.add(List.copyOf(all.subList(from, Math.min(all.size(), from + size))));
        }
        return batches;
    }

    private Map<String, Object> fields() {
        double temperature = BigDecimal.valueOf(random.nextGaussian() * 10 + 20).setScale(2, RoundingMode.HALF_EVEN)
                .doubleValue();
        return switch (random.nextInt(4)) {
            case 0 -> Map.of("temperature", temperature);
            case 1 -> Map.of("temperature", temperature, "pressure", 950 + random.nextInt(100));
            case 2 -> Map.of("temperature", temperature, "status", random.nextBoolean() ? "OK" : "WARN");
            default -> Map.of("status", "OFFLINE");
        };
    }
}
