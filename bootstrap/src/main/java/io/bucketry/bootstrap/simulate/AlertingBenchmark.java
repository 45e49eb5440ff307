package io.bucketry.bootstrap.simulate;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The alerting query of seed 002: 5-minute windows of every sensor over the last 10 minutes through
 * {@link AggregateAllSeriesUseCase}; one warm-up run, then the median of {@code runs} timed runs.
 */
final class AlertingBenchmark {

    static final Duration WINDOW = Duration.ofMinutes(5);
    static final Duration RANGE = Duration.ofMinutes(10);

    private AlertingBenchmark() {
    }

    record Result(int runs, long series, long windows, double millis) {
    }

    static Result run(AggregateAllSeriesUseCase aggregateAll, Instant now, int runs) {
        Instant from = now.minus(RANGE);
        Instant to = now.plusMillis(1);
        List<WindowAggregate> windows = aggregateAll.aggregateAll(from, to, WINDOW);
        long[] nanos = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            windows = aggregateAll.aggregateAll(from, to, WINDOW);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        long series = windows.stream().map(WindowAggregate::series).distinct().count();
        return new Result(runs, series, windows.size(), nanos[runs / 2] / 1e6);
    }
}
