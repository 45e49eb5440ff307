package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The dashboard query of seed 002: the last 24 hours of one sensor through {@link ReadReadingsUseCase}.
 * Warms up for at least {@code warmUp} calls and until the JIT is quiet ({@link JitWarmUp}), then
 * times {@code runs} calls one by one, each on another sensor, and touches every returned reading
 * (time and one field) so that no work can be skipped. Beside the wall times it reports the share
 * of the timed phase's wall time the thread spent on a CPU. In memory that tells a host that took the
 * CPU away (share well under 1) from a slow code path (share near 1); a Mongo store's query also waits
 * on the server, which lowers the share by itself.
 */
final class DashboardBenchmark {

    static final Duration WINDOW = Duration.ofHours(24);
    /** Larger than any scenario's readings per sensor per day at one reading per second. */
    static final int LIMIT = 100_000;

    private static volatile double sink;

    private DashboardBenchmark() {
    }

    /**
     * Results in microseconds; {@code readings} is what one run returned (the first measured run);
     * {@code cpuShare} is NaN where the JVM cannot measure a thread's CPU time.
     */
    record Result(JitWarmUp.Outcome warmUp, int runs, int readings, double p50Micros, double p99Micros,
                  double cpuShare, double[] roundP50Micros) {

        SimulationReport.DashboardView view() {
            List<Double> rounds = roundP50Micros.length < 2 ? null
                    : Arrays.stream(roundP50Micros).map(p50 -> SimulationReport.round(p50, 1)).boxed().toList();
            return new SimulationReport.DashboardView(runs, readings, SimulationReport.round(p50Micros, 1),
                    SimulationReport.round(p99Micros, 1), JitWarmUp.view(warmUp),
                    Double.isNaN(cpuShare) ? null : SimulationReport.round(cpuShare, 3), rounds);
        }
    }

    static Result run(ReadReadingsUseCase read, String[] sensorIds, Instant now, int warmUp, int runs) {
        return run(read, sensorIds, now, warmUp, runs, WINDOW, 1);
    }

    /**
     * The same over the last {@code window} (seed 002's occasional seven-day query of one sensor), the
     * timed runs repeated {@code rounds} times in this JVM: the figures are the first round's, and each
     * round's p50 tells a spread that stays with one JVM (alike within it) from one of the moment (not alike).
     */
    static Result run(ReadReadingsUseCase read, String[] sensorIds, Instant now, int warmUp, int runs, Duration window,
                      int rounds) {
        Instant from = now.minus(window);
        Instant to = now.plusMillis(1);
        SeriesId[] series = Arrays.stream(sensorIds).map(SeriesId::new).toArray(SeriesId[]::new);
        double[] checksum = {0};
        JitWarmUp.Outcome warmed = JitWarmUp.ofThisJvm().run(warmUp,
                i -> checksum[0] += touch(read.read(series[spread(i, series.length)], from, to, LIMIT)));
        long[] first = null;
        int readings = -1;
        double share = Double.NaN;
        double[] roundP50 = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            long[] nanos = new long[runs];
            CpuShare cpu = CpuShare.start();
            int offset = warmed.runs() + round * runs;
            for (int i = 0; i < runs; i++) {
                SeriesId sensor = series[spread(i + offset, series.length)];
                long start = System.nanoTime();
                List<Reading> result = read.read(sensor, from, to, LIMIT);
                checksum[0] += touch(result);
                nanos[i] = System.nanoTime() - start;
                if (readings < 0) {
                    readings = result.size();
                }
            }
            if (round == 0) {
                share = cpu.share();
                first = nanos;
            }
            Arrays.sort(nanos);
            roundP50[round] = percentile(nanos, 0.50) / 1e3;
        }
        sink = checksum[0];
        return new Result(warmed, runs, readings, roundP50[0], percentile(first, 0.99) / 1e3, share, roundP50);
    }

    private static double touch(List<Reading> readings) {
        double sum = 0;
        for (Reading reading : readings) {
            sum += reading.epochMilli() + reading.fields().number("temperature");
        }
        return sum;
    }

    /** Visits sensors in a scattered order so that consecutive runs do not hit the same data. */
    private static int spread(int i, int count) {
        return (int) ((i * 7919L) % count);
    }

    static double percentile(long[] sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
