package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SubWindows;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property half of the sub-window theme, on stores with {@link Capability#SUB_WINDOW_SUMMARIES}:
 * random sub-windows, bucket sizes (overflow), readings (often 1 ms either side of a sub-window
 * boundary; numeric, text, mixed and missing fields), batches with late readings and duplicates,
 * windows that are multiples of the sub-window and some that are not, and ranges that cut
 * sub-windows; every aggregate equals the brute force. A seeded loop: the seed is in the message.
 */
public interface SubWindowProperties extends ContractSupport {

    int SUB_WINDOW_TRIES = 30;
    long HOUR = 3_600_000;
    List<Duration> SUB_WINDOWS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(10),
            Duration.ofMinutes(15), Duration.ofMinutes(30));

    @Test
    default void aggregatesWithSubWindowSummariesEqualBruteForce() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int trial = 0; trial < SUB_WINDOW_TRIES; trial++) {
            Duration sub = SUB_WINDOWS.get(random.nextInt(SUB_WINDOWS.size()));
            BucketPolicy policy = BucketPolicy.windowed(Duration.ofHours(1), random.nextBoolean() ? 3 : 1000)
                    .withSubWindows(SubWindows.every(sub));
            // given: a series and a neighbour in one store
            SeriesId series = Fixtures.freshSeries("subp");
            SeriesId neighbour = new SeriesId(series.value() + "1");
            try (ReadingStore store = openStore(policy)) {
                assumeCapability(store, Capability.SUB_WINDOW_SUMMARIES);
                UseCases use = useCases(store);
                List<Reading> ingested = ingestInBatches(use, readings(random, List.of(series, neighbour), sub), random);
                long[] range = range(random, sub.toMillis());
                Instant from = Instant.ofEpochMilli(range[0]);
                Instant to = Instant.ofEpochMilli(range[1]);
                Duration window = window(random, sub);
                String where = "seed " + seed + ", trial " + trial + ": " + policy + ", window " + window
                        + ", range " + from + ".." + to;

                // when
                List<WindowAggregate> one = use.aggregate().aggregate(series, from, to, window);
                List<WindowAggregate> all = use.aggregateAll().aggregateAll(from, to, window);

                // then
                List<Reading> kept = BruteForce.firstWins(ingested);
                assertSameWindows(one, BruteForce.windows(kept.stream().filter(r -> r.series().equals(series)).toList(),
                        from, to, window), where);
                assertSameWindows(all, BruteForce.windows(kept, from, to, window), where);
            }
        }
    }

    private static Duration window(Random random, Duration sub) {
        int pick = random.nextInt(6);
        return switch (pick) {
            case 0 -> Duration.ofMinutes(7);             // not a multiple: read from the readings
            case 1 -> sub.multipliedBy(2);
            case 2 -> Duration.ofHours(1);
            case 3 -> Duration.ofDays(1);
            default -> sub;
        };
    }

    /** A whole-day range, or one between two times near sub-window boundaries. */
    private static long[] range(Random random, long sub) {
        long base = Fixtures.BASE.toEpochMilli();
        if (random.nextInt(4) == 0) {
            return new long[] {base - HOUR, Fixtures.NOW.toEpochMilli()};
        }
        long a = time(random, sub);
        long b = time(random, sub);
        return new long[] {Math.min(a, b), Math.max(a, b) + 1};
    }

    /** A time within the first six hours of the test day, often 1 ms either side of (or on) a sub-window boundary. */
    private static long time(Random random, long sub) {
        long base = Fixtures.BASE.toEpochMilli();
        if (random.nextBoolean()) {
            return base + (long) (random.nextDouble() * 6 * HOUR);
        }
        return base + random.nextInt((int) (6 * HOUR / sub)) * sub + random.nextInt(3) - 1;
    }

    private static List<Reading> readings(Random random, List<SeriesId> series, Duration sub) {
        List<Reading> readings = new ArrayList<>();
        int count = random.nextInt(150);
        for (int i = 0; i < count; i++) {
            long time = Math.max(Fixtures.BASE.toEpochMilli(), time(random, sub.toMillis()));
            Map<String, Object> fields = new LinkedHashMap<>();
            if (random.nextInt(10) > 0) {
                fields.put("temperature", random.nextInt(200_000) / 100.0 - 1000 + 0.0);
            }
            if (random.nextBoolean()) {
                fields.put("pressure", (double) random.nextInt(50));
            }
            if (random.nextInt(4) == 0) {
                fields.put("mixed", random.nextBoolean() ? "n/a" : random.nextInt(9) + 0.5);
            }
            fields.put("status", random.nextBoolean() ? "OK" : "WARN");
            readings.add(Reading.of(series.get(random.nextInt(series.size())).value(), Instant.ofEpochMilli(time), fields));
        }
        return readings;
    }

    /** Ingests in up to four shuffled batches plus a batch replaying some readings with other values. */
    private static List<Reading> ingestInBatches(UseCases use, List<Reading> readings, Random random) {
        List<Reading> shuffled = new ArrayList<>(readings);
        Collections.shuffle(shuffled, random);
        List<Reading> replays = new ArrayList<>();
        for (int i = 0; i < shuffled.size(); i += 5) {
            Reading r = shuffled.get(i);
            replays.add(Reading.of(r.series().value(), r.time(), Map.of("temperature", 9999.0, "status", "REPLAY")));
        }
        List<Reading> ingested = new ArrayList<>();
        int batches = 1 + random.nextInt(4);
        int size = Math.max(1, (shuffled.size() + batches - 1) / batches);
        List<List<Reading>> order = new ArrayList<>();
        for (int from = 0; from < shuffled.size(); from += size) {
            order.add(shuffled.subList(from, Math.min(shuffled.size(), from + size)));
        }
        order.add(replays);
        for (List<Reading> batch : order) {
            IngestReport report = use.ingest().ingest(Fixtures.inputs(batch));
            assertThat(report.rejected()).as("rejections of valid readings").isEmpty();
            ingested.addAll(batch);
        }
        return ingested;
    }
}
