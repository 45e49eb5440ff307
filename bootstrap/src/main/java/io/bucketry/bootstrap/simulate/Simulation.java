package io.bucketry.bootstrap.simulate;

import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.bootstrap.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.json.StatisticsView;
import io.bucketry.bootstrap.simulate.SimulationReport.AlertingView;
import io.bucketry.bootstrap.simulate.SimulationReport.DashboardView;
import io.bucketry.bootstrap.simulate.SimulationReport.IngestView;
import io.bucketry.bootstrap.simulate.SimulationReport.MemoryView;
import io.bucketry.bootstrap.simulate.SimulationReport.ScenarioView;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;

/**
 * Seed 002's case study on a running Bucketry: ingest the scenario's stream (ending now), measure
 * the heap it retains, run the dashboard and alerting queries relative to the stream's end, and
 * describe the storage.
 */
public final class Simulation {

    /** Timed runs of the dashboard query. */
    public static final int DASHBOARD_RUNS = 5_000;

    private final Scenario scenario;
    private final Clock clock;
    private final PrintStream progress;

    public Simulation(Scenario scenario, Clock clock, PrintStream progress) {
        this.scenario = scenario;
        this.clock = clock;
        this.progress = progress;
    }

    /** Refuses (IllegalStateException, one line) a scenario that would not fit the heap; call before starting. */
    public void checkMemory(Backend backend) {
        MemoryEstimate estimate = MemoryEstimate.of(scenario, backend, HeapMeter.usedAfterGc());
        if (!estimate.fits()) {
            throw new IllegalStateException(estimate.refusal());
        }
    }

    public SimulationReport run(Bucketry bucketry) {
        long before = HeapMeter.usedAfterGc();
        String[] sensorIds = ReadingGenerator.sensorIds(scenario.sensors());
        Instant end = Instant.ofEpochMilli(clock.millis());
        IngestResult ingest = ingest(bucketry, sensorIds, end);
        long after = HeapMeter.usedAfterGc();
        double retained = ingest.accepted() == 0 ? 0 : (after - before) / (double) ingest.accepted();
        DashboardBenchmark.Result dashboard = DashboardBenchmark.run(bucketry.read(), sensorIds, end, DASHBOARD_RUNS);
        AlertingBenchmark.Result alerting = AlertingBenchmark.run(bucketry.aggregateAll(), end);
        StorageStatistics statistics = bucketry.describe().describe();
        return new SimulationReport(bucketry.backend(),
                new ScenarioView(scenario.sensors(), SimulationReport.compact(scenario.interval().toMillis() / 1e3),
                        SimulationReport.compact(scenario.duration().toMillis() / 3.6e6), scenario.lateShare(),
                        scenario.duplicateShare()),
                new IngestView(ingest.readings(), ingest.accepted(), ingest.duplicates(), ingest.rejected(),
                        SimulationReport.round(ingest.seconds(), 3), Math.round(ingest.readingsPerSecond())),
                new MemoryView(SimulationReport.round(retained, 1)),
                new DashboardView(dashboard.runs(), dashboard.readings(), SimulationReport.round(dashboard.p50Micros(), 1),
                        SimulationReport.round(dashboard.p99Micros(), 1)),
                new AlertingView(alerting.series(), alerting.windows(), SimulationReport.round(alerting.millis(), 1)),
                StatisticsView.of(statistics), scenario.batchSize(), statistics.note());
    }

    /** In its own method so that the generator and the last batch are unreachable when the heap is measured. */
    private IngestResult ingest(Bucketry bucketry, String[] sensorIds, Instant end) {
        ReadingGenerator generator = new ReadingGenerator(scenario, sensorIds, end);
        long expected = Math.round(scenario.readings() * (1 + scenario.duplicateShare()));
        return IngestPhase.run(generator, bucketry.ingest(), expected, progress);
    }
}
