package io.bucketry.tools.check;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.tools.check.CheckContext.OpenStore;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.bucketry.tools.check.CheckData.*;

/**
 * Two copies of Bucketry on one collection, as two processes behind a load balancer: two stores, each
 * with its own client and a 1-hour rollup tier, are sent the same readings in their own shuffled
 * batches while the first settles its tier again and again; then both settle, and the counts must be
 * exact and both copies' hourly answers (served by the tier) equal a brute force over the readings.
 */
final class MultiWriterCheck {

    static final int READINGS = 3 * 180;
    static final int BATCH = 30;
    private static final Duration HOUR = Duration.ofHours(1);
    private static final RollupTiers TIERS = new RollupTiers(List.of(new RollupTier(HOUR, Duration.ofDays(800))));

    private MultiWriterCheck() {
    }

    static Outcome run(CheckContext context) throws Exception {
        long seed = context.now().toEpochMilli();
        Random random = new Random(seed);
        Instant first = origin(context.now());
        List<ReadingInput> all = new ArrayList<>();
        for (String series : List.of("multi-a", "multi-b", "multi-c")) {
            for (int minute = 0; minute < READINGS / 3; minute++) {
                all.add(reading(series, first.plus(MINUTE.multipliedBy(minute)), Math.round(random.nextGaussian() * 1e4) / 100.0));
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (OpenStore one = context.open("multi_writer", config -> config.rollups(TIERS));
             OpenStore two = context.open("multi_writer", config -> config.rollups(TIERS))) {
            List<Future<long[]>> writers = new ArrayList<>();
            for (OpenStore store : List.of(one, two)) {
                List<ReadingInput> order = new ArrayList<>(all);
                Collections.shuffle(order, new Random(seed + writers.size()));
                writers.add(pool.submit(() -> send(store, order)));
            }
            Future<Integer> settles = pool.submit(() -> settleWhile(one, writers));
            long accepted = 0;
            long duplicates = 0;
            for (Future<long[]> writer : writers) {
                accepted += writer.get(5, TimeUnit.MINUTES)[0];
                duplicates += writer.get()[1];
            }
            int settled = settles.get(5, TimeUnit.MINUTES);
            one.useCases().reclaim().reclaim();
            two.useCases().reclaim().reclaim();
            Instant to = first.plus(Duration.ofHours(3));
            List<String> expected = WindowCheck.bruteForce(WindowCheck.firstWins(all), HOUR);
            String diffOne = WindowCheck.firstDifference(expected, hourly(one, first, to));
            String diffTwo = WindowCheck.firstDifference(expected, hourly(two, first, to));
            String what = "2 stores x " + READINGS + " readings in shuffled batches of " + BATCH + " while one settled its 1h tier "
                    + settled + " times (seed " + seed + ")";
            return Outcome.when(accepted == READINGS && duplicates == READINGS && diffOne == null && diffTwo == null,
                    what + ": accepted " + accepted + ", duplicates " + duplicates + "; both stores' " + expected.size()
                            + " hourly windows equal a brute force"
                            + (context.embedded() ? "; the embedded test server serializes writes, so races are rare" : ""),
                    what + ": accepted " + accepted + " (expected " + READINGS + "), duplicates " + duplicates + " (expected "
                            + READINGS + ")" + (diffOne == null ? "" : "; first store: " + diffOne)
                            + (diffTwo == null ? "" : "; second store: " + diffTwo));
        } finally {
            pool.shutdownNow();
        }
    }

    private static long[] send(OpenStore store, List<ReadingInput> order) {
        long[] counts = new long[2];
        for (int from = 0; from < order.size(); from += BATCH) {
            IngestReport report = store.useCases().ingest().ingest(order.subList(from, Math.min(order.size(), from + BATCH)));
            counts[0] += report.accepted();
            counts[1] += report.duplicates();
        }
        return counts;
    }

    private static int settleWhile(OpenStore store, List<Future<long[]>> writers) {
        int settles = 0;
        while (writers.stream().anyMatch(writer -> !writer.isDone())) {
            store.useCases().reclaim().reclaim();
            settles++;
        }
        return settles;
    }

    /** Hourly windows of every series: whole tier windows, so the tier serves them. */
    private static List<String> hourly(OpenStore store, Instant from, Instant to) {
        List<WindowAggregate> windows = new ArrayList<>();
        for (String series : List.of("multi-a", "multi-b", "multi-c")) {
            windows.addAll(store.useCases().aggregate().aggregate(new SeriesId(series), from, to, HOUR));
        }
        return WindowCheck.describe(windows);
    }
}
