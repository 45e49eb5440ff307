package io.bucketry.tools.simulate;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.TagFilter;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Benchmark of issue 32's grouped alerting job from a rollup tier, in memory: {@code sensors} sensors in 250
 * buildings, one reading a minute for {@code minutes} minutes, a 5-minute tier settled over them; then the grouped
 * alerting query (5-minute windows per building over the last 10 minutes) from the tier and from the raw readings
 * (use cases over the same store without tiers), in alternating runs, and for reference the per-sensor alerting
 * query from the same tier (what {@code simulate}'s tier phase times). Figures are medians of the calling thread's
 * CPU time and of wall time over {@code rounds} runs of each after 20 warm-ups of each, and the median ratio of
 * the pairs. Exits non-zero if the two sources answer differently (groups, series merged, windows, counts).
 * Usage: {@code java -cp app/target/bucketry.jar io.bucketry.tools.simulate.TierGroupsBenchmark SENSORS MINUTES ROUNDS}.
 */
public final class TierGroupsBenchmark {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final GroupBy BY_BUILDING = GroupBy.of("building");

    private TierGroupsBenchmark() {
    }

    public static void main(String[] args) {
        int sensors = Integer.parseInt(args[0]);
        int minutes = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Instant end = Instant.parse("2026-07-22T00:00:00Z");
        Clock clock = Clock.fixed(end, ZoneOffset.UTC);
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        UseCases tiered = UseCases.over(store, ApplicationSettings.defaults(), clock, null,
                new RollupTiers(List.of(new RollupTier(FIVE, Duration.ofDays(730)))), store.rollups());
        UseCases raw = UseCases.over(store, ApplicationSettings.defaults(), clock);
        ingest(tiered, sensors, minutes, end);
        tiered.reclaim().reclaim();   // settles the tier windows, as the sweeper does
        Instant from = end.minus(Duration.ofMinutes(10));
        List<GroupWindows> fromTier = query(tiered, from, end);
        List<GroupWindows> fromRaw = query(raw, from, end);
        if (!shape(fromTier).equals(shape(fromRaw))) {
            System.err.println("the tier and the raw readings answer differently");
            System.exit(1);
        }
        for (int i = 0; i < 20; i++) {
            query(tiered, from, end);
            query(raw, from, end);
        }
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        long[][] cpu = new long[2][rounds];
        long[][] wall = new long[2][rounds];
        double[] ratios = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            for (int k = 0; k < 2; k++) {
                int which = (i + k) % 2;   // alternate which source goes first in each pair
                long c0 = bean.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                query(which == 0 ? tiered : raw, from, end);
                wall[which][i] = System.nanoTime() - w0;
                cpu[which][i] = bean.getCurrentThreadCpuTime() - c0;
            }
            ratios[i] = (double) cpu[0][i] / cpu[1][i];
        }
        long[] perSensor = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long c0 = bean.getCurrentThreadCpuTime();
            tiered.aggregateAll().aggregateAll(from, end, FIVE);
            perSensor[i] = bean.getCurrentThreadCpuTime() - c0;
        }
        System.out.printf("grouped alerting (%d sensors, %d groups, 10 min, 5m windows), %d rounds:%n", sensors,
                fromTier.size(), rounds);
        System.out.printf("  from the 5m tier: median %.2f ms CPU, %.2f ms wall (CPU %.2f-%.2f)%n", median(cpu[0]) / 1e6,
                median(wall[0]) / 1e6, min(cpu[0]) / 1e6, max(cpu[0]) / 1e6);
        System.out.printf("  from raw readings: median %.2f ms CPU, %.2f ms wall (CPU %.2f-%.2f)%n", median(cpu[1]) / 1e6,
                median(wall[1]) / 1e6, min(cpu[1]) / 1e6, max(cpu[1]) / 1e6);
        System.out.printf("  per-sensor alerting from the 5m tier, for reference: median %.2f ms CPU%n", median(perSensor) / 1e6);
        Arrays.sort(ratios);
        System.out.printf("  tier / raw CPU: median %.3f (%.3f-%.3f)%n", ratios[rounds / 2], ratios[0], ratios[rounds - 1]);
    }

    private static void ingest(UseCases use, int sensors, int minutes, Instant end) {
        Instant start = end.minus(Duration.ofMinutes(minutes));
        for (int m = 0; m < minutes; m++) {
            List<ReadingInput> batch = new ArrayList<>(sensors);
            Instant t = start.plus(Duration.ofMinutes(m));
            for (int s = 0; s < sensors; s++) {
                Map<String, Double> fields = Map.of("temperature", 20 + (s % 10) * 0.5 + m * 0.01, "pressure", 1013.0 + s % 7);
                batch.add(new ReadingInput("sensor-" + s, t, fields, Map.of("building", "b" + (s % 250), "type", "t" + (s % 5)),
                        null));
            }
            use.ingest().ingest(batch);
        }
    }

    private static List<GroupWindows> query(UseCases use, Instant from, Instant to) {
        return use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, from, to, FIVE, GapFill.none());
    }

    /** What must be equal whatever the source: each group's values, series merged, and its windows' starts and counts. */
    private static List<String> shape(List<GroupWindows> groups) {
        return groups.stream().map(g -> g.group() + " x" + g.series() + " " + g.windows().stream()
                .map(w -> w.start() + "/" + w.count() + "/" + w.fields().get("temperature").count()).toList()).toList();
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long min(long[] values) {
        return Arrays.stream(values).min().orElse(0);
    }

    private static long max(long[] values) {
        return Arrays.stream(values).max().orElse(0);
    }
}
