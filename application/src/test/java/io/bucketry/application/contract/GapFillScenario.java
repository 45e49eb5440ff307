package io.bucketry.application.contract;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random input of the gap-fill properties, from one seed: a bucket policy, a window, a fill (mode and
 * maxGap, often a few windows give or take a millisecond), a range (on window boundaries for linear;
 * sometimes open) and readings in bursts, so that outages of every length lie inside, before and after it.
 */
record GapFillScenario(long seed, BucketPolicy policy, Duration window, GapFill fill, Instant from, Instant to,
                       List<Reading> readings) {

    private static final long EARLIEST = Fixtures.BASE.minus(Duration.ofDays(1)).toEpochMilli();
    private static final long LATEST = Fixtures.NOW.toEpochMilli() - 1;
    private static final List<Duration> WINDOWS = List.of(Duration.ofMinutes(5), Duration.ofMinutes(7), Duration.ofHours(1));
    private static final List<BucketPolicy> POLICIES = List.of(BucketPolicy.defaults(),
            BucketPolicy.windowed(Duration.ofHours(1), 4), BucketPolicy.windowed(Duration.ofMinutes(15), 5));
    private static final FillMode[] MODES = {FillMode.NULL, FillMode.PREVIOUS, FillMode.LINEAR};

    /** The scenario of {@code seed} over {@code series}. */
    static GapFillScenario of(long seed, List<SeriesId> series) {
        Random random = new Random(seed);
        Duration window = WINDOWS.get(random.nextInt(WINDOWS.size()));
        long width = window.toMillis();
        FillMode mode = MODES[random.nextInt(MODES.length)];
        Duration maxGap = mode == FillMode.NULL || random.nextBoolean() ? null
                : window.multipliedBy(random.nextInt(7)).plusMillis(random.nextInt(3) - 1L).abs();
        List<Reading> readings = new ArrayList<>();
        for (SeriesId id : series) {
            int bursts = 1 + random.nextInt(4);
            for (int b = 0; b < bursts; b++) {
                long centre = EARLIEST + (long) (random.nextDouble() * (LATEST - EARLIEST));
                int size = 1 + random.nextInt(8);
                for (int i = 0; i < size; i++) {
                    long time = centre + (long) ((random.nextDouble() * 6 - 3) * width);
                    if (random.nextInt(4) == 0) {
                        time = Math.floorDiv(time, width) * width + random.nextInt(3) - 1;
                    }
                    readings.add(Reading.of(id.value(), Instant.ofEpochMilli(Math.max(EARLIEST, Math.min(LATEST, time))),
                            fields(random)));
                }
            }
        }
        long a = EARLIEST + (long) (random.nextDouble() * (LATEST - EARLIEST));
        long b = a + 1 + (long) (random.nextDouble() * width * 40);
        if (mode == FillMode.LINEAR) {
            a = Math.floorDiv(a, width) * width;
            b = Math.floorDiv(b, width) * width + width;
        }
        Instant from = random.nextInt(10) == 0 ? null : Instant.ofEpochMilli(a);
        Instant to = random.nextInt(10) == 0 ? null : Instant.ofEpochMilli(b);
        return new GapFillScenario(seed, POLICIES.get(random.nextInt(POLICIES.size())), window,
                new GapFill(mode, maxGap), from, to, readings);
    }

    /** Temperature mostly, pressure sometimes, a status text often, and a field that is a number or a text. */
    private static Map<String, Object> fields(Random random) {
        Map<String, Object> fields = new LinkedHashMap<>();
        if (random.nextInt(5) > 0) {
            fields.put("temperature", random.nextInt(10_000) / 100.0);
        }
        if (random.nextInt(5) < 2) {
            fields.put("pressure", 900 + random.nextInt(200));
        }
        if (random.nextBoolean()) {
            fields.put("status", random.nextBoolean() ? "OK" : "WARN");
        }
        if (random.nextInt(4) == 0) {
            fields.put("mixed", random.nextBoolean() ? (Object) (double) random.nextInt(50) : "n/a");
        }
        if (fields.isEmpty()) {
            fields.put("status", "OK");
        }
        return fields;
    }

    @Override
    public String toString() {
        return "seed " + seed + ": window " + window + ", fill " + fill.mode().text() + " maxGap " + fill.maxGap()
                + ", range [" + from + ", " + to + "), policy " + policy + ", " + readings.size() + " readings";
    }
}
