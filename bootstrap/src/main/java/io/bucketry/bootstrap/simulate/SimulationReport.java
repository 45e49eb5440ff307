package io.bucketry.bootstrap.simulate;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.bucketry.bootstrap.json.StatisticsView;

/**
 * What {@code simulate} measured; serialised as the one JSON object of {@code --json}. The ignored
 * components only feed the human report.
 */
public record SimulationReport(String backend, ScenarioView scenario, IngestView ingest, MemoryView memory,
                               DashboardView dashboardQuery, AlertingView alertingQuery, StatisticsView storage,
                               @JsonIgnore int batchSize, @JsonIgnore String storageNote) {

    /** The scenario as run. */
    public record ScenarioView(int sensors, Number intervalSeconds, Number hours, double lateShare,
                               double duplicateShare) {
    }

    /** Readings submitted (duplicates included) and their outcome; time spent inside the ingest use case only. */
    public record IngestView(long readings, long accepted, long duplicates, long rejected, double seconds,
                             long readingsPerSecond) {
    }

    /** Heap used after full GC once ingest is done, minus before, divided by the accepted readings. */
    public record MemoryView(double retainedBytesPerReading) {
    }

    /** Latency percentiles of the one-sensor, last-24-hours query. */
    public record DashboardView(int runs, int readings, double p50Micros, double p99Micros) {
    }

    /** The all-sensor, 5-minute-window, last-10-minutes aggregation: median wall time. */
    public record AlertingView(long series, long windows, double millis) {
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    /** A whole number as a long, otherwise the double itself (so 24 hours prints as 24, 90 minutes as 1.5). */
    static Number compact(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Number) (long) value : (Number) value;
    }
}
