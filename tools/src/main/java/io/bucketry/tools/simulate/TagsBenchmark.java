package io.bucketry.tools.simulate;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.WindowAggregate;

import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Benchmark of issue 32 until {@code simulate} gives its sensors tags: {@code sensors} sensors, one reading a
 * minute each for {@code minutes} minutes, ingested in one batch a minute into the in-memory store, with tags
 * ({@code building}: 250 values, {@code type}: 5) or without; then, with tags, the grouped alerting query (5-minute
 * windows per building over the last 10 minutes) and a filter selecting 3 of the 250 buildings, and in both the
 * per-sensor alerting query. Figures are the calling thread's CPU time (medians of 31 runs after 20 warm-ups).
 * Usage: {@code java -cp app/target/bucketry.jar io.bucketry.tools.simulate.TagsBenchmark tags|none SENSORS MINUTES}.
 */
public final class TagsBenchmark {

    private TagsBenchmark() {
    }

    public static void main(String[] args) {
        boolean tags = args[0].equals("tags");
        int sensors = Integer.parseInt(args[1]);
        int minutes = Integer.parseInt(args[2]);
        Instant end = Instant.parse("2026-07-22T00:00:00Z");
        Instant start = end.minus(Duration.ofMinutes(minutes));
        UseCases use = UseCases.over(new InMemoryReadingStore(BucketPolicy.defaults()), ApplicationSettings.defaults(),
                Clock.fixed(end, ZoneOffset.UTC));
        String[] ids = new String[sensors];
        List<Map<String, String>> tagMaps = new ArrayList<>();
        for (int s = 0; s < sensors; s++) {
            ids[s] = "sensor-" + s;
            tagMaps.add(Map.of("building", "b" + (s % 250), "type", "t" + (s % 5)));
        }
        var bean = ManagementFactory.getThreadMXBean();
        long cpu = 0;
        long wall = 0;
        for (int m = 0; m < minutes; m++) {
            List<ReadingInput> batch = new ArrayList<>(sensors);
            Instant t = start.plus(Duration.ofMinutes(m));
            for (int s = 0; s < sensors; s++) {
                Map<String, Double> fields = Map.of("temperature", 20 + (s % 10) * 0.5 + m * 0.01, "pressure", 1013.0 + s % 7);
                batch.add(tags ? new ReadingInput(ids[s], t, fields, tagMaps.get(s), null) : new ReadingInput(ids[s], t, fields));
            }
            long c0 = bean.getCurrentThreadCpuTime();
            long w0 = System.nanoTime();
            use.ingest().ingest(batch);
            cpu += bean.getCurrentThreadCpuTime() - c0;
            wall += System.nanoTime() - w0;
        }
        long readings = (long) sensors * minutes;
        System.out.printf("%s ingest: %d readings, %.0f ns CPU/reading, %.2f M readings/s (wall)%n", tags ? "tags" : "none",
                readings, (double) cpu / readings, readings / (wall / 1e9) / 1e6);
        Instant from = end.minus(Duration.ofMinutes(10));
        Duration window = Duration.ofMinutes(5);
        if (tags) {
            for (int i = 0; i < 20; i++) {
                use.groups().aggregateGroups(TagFilter.ANY, GroupBy.of("building"), from, end, window, GapFill.none());
            }
            long[] nanos = new long[31];
            int groups = 0;
            for (int i = 0; i < nanos.length; i++) {
                long c0 = bean.getCurrentThreadCpuTime();
                groups = use.groups().aggregateGroups(TagFilter.ANY, GroupBy.of("building"), from, end, window,
                        GapFill.none()).size();
                nanos[i] = bean.getCurrentThreadCpuTime() - c0;
            }
            Arrays.sort(nanos);
            System.out.printf("grouped alerting (groupBy=building, 10 min, 5m windows): %d groups, median %.1f ms CPU%n",
                    groups, nanos[nanos.length / 2] / 1e6);
            long[] filtered = new long[31];
            int series = 0;
            TagFilter onePercent = TagFilter.of(TagFilter.Condition.oneOf("building", "b7", "b8", "b9"));
            for (int i = 0; i < filtered.length; i++) {
                long c0 = bean.getCurrentThreadCpuTime();
                series = (int) use.aggregateAll().aggregateAll(onePercent, from, end, window, GapFill.none()).stream()
                        .map(WindowAggregate::series).distinct().count();
                filtered[i] = bean.getCurrentThreadCpuTime() - c0;
            }
            Arrays.sort(filtered);
            System.out.printf("filtered alerting (3 of 250 buildings): %d series, median %.2f ms CPU%n", series,
                    filtered[filtered.length / 2] / 1e6);
        }
        long[] all = new long[31];
        for (int i = 0; i < 10; i++) {
            use.aggregateAll().aggregateAll(from, end, window);
        }
        for (int i = 0; i < all.length; i++) {
            long c0 = bean.getCurrentThreadCpuTime();
            use.aggregateAll().aggregateAll(from, end, window);
            all[i] = bean.getCurrentThreadCpuTime() - c0;
        }
        Arrays.sort(all);
        System.out.printf("per-sensor alerting (all series): median %.1f ms CPU%n", all[all.length / 2] / 1e6);
    }
}
