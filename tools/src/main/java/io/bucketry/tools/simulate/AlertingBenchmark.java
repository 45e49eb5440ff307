package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The alerting query of seed 002: 5-minute windows of every sensor over the last 10 minutes through
 * {@link AggregateAllSeriesUseCase}: a first run timed on its own (it pays what the store left for the
 * first read, such as in-memory sub-window summaries not summed yet), warm-up runs until the JIT is quiet
 * ({@link JitWarmUp}, at least one), then the median of {@code runs} timed runs.
 */
final class AlertingBenchmark {

    static final Duration WINDOW = Duration.ofMinutes(5);
    static final Duration RANGE = Duration.ofMinutes(10);

    private AlertingBenchmark() {
    }

    record Result(int runs, long series, long windows, double millis, double firstMillis, JitWarmUp.Outcome warmUp) {
    }

    /** A result with the windows the last timed run answered. */
    record Answered(Result result, List<WindowAggregate> windows) {
    }

    /** Over [now − 10 min, now]: the two windows it cuts at either end included. */
    static Result run(AggregateAllSeriesUseCase aggregateAll, Instant now, int runs) {
        return run(aggregateAll, now.minus(RANGE), now.plusMillis(1), runs).result();
    }

    /** The whole 5-minute windows of the last 10 minutes before {@code end}: [e − 10 min, e) for e = end rounded down to 5 min. */
    static Instant[] wholeWindowsBefore(Instant end) {
        long w = WINDOW.toMillis();
        Instant to = Instant.ofEpochMilli(Math.floorDiv(end.toEpochMilli(), w) * w);
        return new Instant[] {to.minus(RANGE), to};
    }

    static Answered run(AggregateAllSeriesUseCase aggregateAll, Instant from, Instant to, int runs) {
        long first = System.nanoTime();
        aggregateAll.aggregateAll(from, to, WINDOW);
        double firstMillis = (System.nanoTime() - first) / 1e6;
        JitWarmUp.Outcome warmed = JitWarmUp.ofThisJvm().run(1, i -> aggregateAll.aggregateAll(from, to, WINDOW));
        List<WindowAggregate> windows = List.of();
        long[] nanos = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            windows = aggregateAll.aggregateAll(from, to, WINDOW);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        long series = windows.stream().map(WindowAggregate::series).distinct().count();
        return new Answered(new Result(runs, series, windows.size(), nanos[runs / 2] / 1e6, firstMillis, warmed), windows);
    }
}
