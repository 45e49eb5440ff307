package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.tools.simulate.SimulationReport.ChartView;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * A long chart of one sensor: the aggregate use case over [to − span, to) at {@code window}, a
 * different sensor each run; at least {@code warmUp} runs and until the JIT is quiet ({@link JitWarmUp}),
 * then {@code runs} timed one by one, every window's
 * average touched so that no work can be skipped.
 */
final class ChartBenchmark {

    private static volatile double sink;

    private ChartBenchmark() {
    }

    /** @param rawOldest the oldest instant the raw readings answer; windows before it come from a tier */
    static ChartView run(AggregateSeriesUseCase aggregate, String[] sensorIds, Instant to, Duration span,
                         Duration window, Instant rawOldest, int warmUp, int runs) {
        Instant from = to.minus(span);
        double[] checksum = {0};
        JitWarmUp.Outcome warmed = JitWarmUp.ofThisJvm().run(warmUp,
                i -> checksum[0] += touch(aggregate.aggregate(new SeriesId(sensorIds[i % sensorIds.length]), from, to, window)));
        long[] nanos = new long[runs];
        List<WindowAggregate> first = null;
        for (int i = 0; i < runs; i++) {
            SeriesId sensor = new SeriesId(sensorIds[(i + warmed.runs()) % sensorIds.length]);
            long start = System.nanoTime();
            List<WindowAggregate> windows = aggregate.aggregate(sensor, from, to, window);
            checksum[0] += touch(windows);
            nanos[i] = System.nanoTime() - start;
            if (first == null) {
                first = windows;
            }
        }
        sink = checksum[0];
        Arrays.sort(nanos);
        int pastRetention = (int) first.stream().filter(w -> w.start().isBefore(rawOldest)).count();
        return new ChartView(runs, first.size(), pastRetention,
                SimulationReport.round(DashboardBenchmark.percentile(nanos, 0.50) / 1e3, 1),
                SimulationReport.round(DashboardBenchmark.percentile(nanos, 0.99) / 1e3, 1), JitWarmUp.view(warmed));
    }

    private static double touch(List<WindowAggregate> windows) {
        double sum = 0;
        for (WindowAggregate w : windows) {
            sum += w.count() + w.fields().get("temperature").avg();
        }
        return sum;
    }
}
