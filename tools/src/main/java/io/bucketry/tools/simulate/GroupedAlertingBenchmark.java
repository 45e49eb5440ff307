package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.AggregateGroupsUseCase;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.WindowAggregate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Issue 32's grouped alerting job on a store whose sensors have {@link SensorTags}: 5-minute windows per
 * building ({@code groupBy=building}) over the last 10 minutes, the bounds of {@link AlertingBenchmark}; and
 * the per-sensor alerting job filtered to 3 of the 250 buildings (1.2 % of the series). Each: a first run,
 * warm-up runs until the JIT is quiet ({@link JitWarmUp}), then {@code runs} timed runs, whose median wall
 * time and median CPU time of the calling thread (the query runs on it) are reported.
 */
final class GroupedAlertingBenchmark {

    /** Three buildings of the 250: the filtered query selects their sensors. */
    static final TagFilter THREE_BUILDINGS = TagFilter.of(TagFilter.Condition.oneOf(SensorTags.BUILDING,
            SensorTags.building(7), SensorTags.building(8), SensorTags.building(9)));

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private GroupedAlertingBenchmark() {
    }

    /** One query's medians over its timed runs; {@code cpuMillis} null where thread CPU time is not measurable. */
    record Timing(int runs, double millis, Double cpuMillis, double firstMillis, JitWarmUp.Outcome warmUp) {

        SimulationReport.QueryTiming view() {
            return new SimulationReport.QueryTiming(runs, SimulationReport.round(millis, 3),
                    cpuMillis == null ? null : SimulationReport.round(cpuMillis, 3), SimulationReport.round(firstMillis, 3),
                    JitWarmUp.view(warmUp));
        }
    }

    /** Both queries over [now − 10 min, now], as {@link AlertingBenchmark#run(AggregateAllSeriesUseCase, Instant, int)}. */
    static SimulationReport.GroupedAlertingView run(AggregateGroupsUseCase groups, AggregateAllSeriesUseCase aggregateAll,
                                                    Instant now, int runs) {
        Instant from = now.minus(AlertingBenchmark.RANGE);
        Instant to = now.plusMillis(1);
        GroupBy byBuilding = GroupBy.of(SensorTags.BUILDING);
        Supplier<List<GroupWindows>> grouped = () -> groups.aggregateGroups(TagFilter.ANY, byBuilding, from, to,
                AlertingBenchmark.WINDOW, GapFill.none());
        Supplier<List<WindowAggregate>> filtered = () -> aggregateAll.aggregateAll(THREE_BUILDINGS, from, to,
                AlertingBenchmark.WINDOW, GapFill.none());
        Timing groupedTiming = time(grouped, runs);
        List<GroupWindows> answer = grouped.get();
        Timing filteredTiming = time(filtered, runs);
        long filteredSeries = filtered.get().stream().map(WindowAggregate::series).distinct().count();
        return new SimulationReport.GroupedAlertingView(answer.size(),
                answer.stream().mapToLong(GroupWindows::series).sum(),
                answer.stream().mapToLong(group -> group.windows().size()).sum(), groupedTiming.view(),
                filteredSeries, filteredTiming.view());
    }

    static Timing time(Supplier<?> query, int runs) {
        long first = System.nanoTime();
        query.get();
        double firstMillis = (System.nanoTime() - first) / 1e6;
        JitWarmUp.Outcome warmed = JitWarmUp.ofThisJvm().run(1, i -> query.get());
        long[] wall = new long[runs];
        long[] cpu = new long[runs];
        boolean cpuMeasured = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
        for (int i = 0; i < runs; i++) {
            long cpuStart = cpuMeasured ? THREADS.getCurrentThreadCpuTime() : 0;
            long start = System.nanoTime();
            query.get();
            wall[i] = System.nanoTime() - start;
            cpu[i] = cpuMeasured ? THREADS.getCurrentThreadCpuTime() - cpuStart : 0;
        }
        return new Timing(runs, median(wall) / 1e6, cpuMeasured ? median(cpu) / 1e6 : null, firstMillis, warmed);
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
