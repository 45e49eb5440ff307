package io.bucketry.bootstrap.simulate;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The alerting query of seed 002: 5-minute windows of every sensor over the last 10 minutes through
 * {@link AggregateAllSeriesUseCase}; one warm-up run, then the median of {@link #RUNS} timed runs.
 */
final class AlertingBenchmark {

    static final Duration WINDOW = Duration.ofMinutes(5);
    static final Duration RANGE = Duration.ofMinutes(10);
    static final int RUNS = 5;

    private AlertingBenchmark() {
    }

    record Result(long series, long windows, double millis) {
    }

    static Result run(AggregateAllSeriesUseCase aggregateAll, Instant now) {
        Instant from = now.minus(RANGE);
        Instant to = now.plusMillis(1);
        List<WindowAggregate> windows = aggregateAll.aggregateAll(from, to, WINDOW);
        long[] nanos = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            windows = aggregateAll.aggregateAll(from, to, WINDOW);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        long series = windows.stream().map(WindowAggregate::series).distinct().count();
        return new Result(series, windows.size(), nanos[RUNS / 2] / 1e6);
    }
}
