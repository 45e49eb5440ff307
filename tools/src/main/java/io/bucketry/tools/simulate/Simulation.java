package io.bucketry.tools.simulate;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.WriteMetrics;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.wiring.SealingSource;
import io.bucketry.bootstrap.wiring.WriteMetricsSource;
import io.bucketry.server.json.StatisticsView;
import io.bucketry.tools.baseline.OneDocumentPerReadingBaseline;
import io.bucketry.tools.simulate.SimulationReport.AlertingView;
import io.bucketry.tools.simulate.SimulationReport.AlertingWaysView;
import io.bucketry.tools.simulate.SimulationReport.LongRangeView;
import io.bucketry.tools.simulate.SimulationReport.BaselineView;
import io.bucketry.tools.simulate.SimulationReport.GroupedAlertingView;
import io.bucketry.tools.simulate.SimulationReport.IngestView;
import io.bucketry.tools.simulate.SimulationReport.MemoryView;
import io.bucketry.tools.simulate.SimulationReport.MongoView;
import io.bucketry.tools.simulate.SimulationReport.ScenarioView;
import io.bucketry.tools.simulate.SimulationReport.SealingView;
import io.bucketry.domain.BucketPolicy;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Seed 002's case study on a running Bucketry: ingest the scenario's stream (ending now), measure
 * the heap it retains, run the dashboard and alerting queries relative to the stream's end (and, when
 * its sensors have tags, the grouped alerting job, {@link GroupedAlertingBenchmark}), and describe the storage; for a store with a server, what it sent, and — where the backend has one —
 * the same readings written one document per reading beside it. In memory, unless turned off, extra
 * phases on stores of their own: the alerting job three ways, the seven-day query and the 90-day chart.
 */
public final class Simulation {

    private final Scenario scenario;
    private final Clock clock;
    private final PrintStream progress;
    private final boolean warmUp;
    private final boolean bar;
    private final boolean extraPhases;
    private final Duration subWindow;
    private final int dashboardRounds;

    /** @param warmUp whether to warm the ingest path up before it is timed (see {@link IngestWarmUp}) */
    public Simulation(Scenario scenario, Clock clock, PrintStream progress, boolean warmUp) {
        this(scenario, clock, progress, warmUp, null);
    }

    /** @param bar draw progress bars (true), plain progress lines (false) or bars only on a terminal (null) */
    public Simulation(Scenario scenario, Clock clock, PrintStream progress, boolean warmUp, Boolean bar) {
        this(scenario, clock, progress, warmUp, bar == null ? IngestProgress.onTerminal(progress) : bar, true, null, 1);
    }

    private Simulation(Scenario scenario, Clock clock, PrintStream progress, boolean warmUp, boolean bar,
                       boolean extraPhases, Duration subWindow, int dashboardRounds) {
        this.scenario = scenario;
        this.clock = clock;
        this.progress = progress;
        this.warmUp = warmUp;
        this.bar = bar;
        this.extraPhases = extraPhases;
        this.subWindow = subWindow;
        if (dashboardRounds < 1) {
            throw new IllegalArgumentException("dashboard rounds must be at least 1, got " + dashboardRounds);
        }
        this.dashboardRounds = dashboardRounds;
    }

    /**
     * With or without (false: {@code --no-extra-phases}) the in-memory phases after the main ones: the
     * alerting job three ways ({@link AlertingWays}), the seven-day query and the 90-day chart ({@link LongRangePhase}).
     */
    public Simulation withExtraPhases(boolean on) {
        return new Simulation(scenario, clock, progress, warmUp, bar, on, subWindow, dashboardRounds);
    }

    /** Tells the run that the main store keeps sub-window summaries of {@code window} (null: none), which the alerting job's second way measures. */
    public Simulation withSubWindow(Duration window) {
        return new Simulation(scenario, clock, progress, warmUp, bar, extraPhases, window, dashboardRounds);
    }

    /**
     * Repeats the dashboard's timed runs {@code rounds} times in this JVM ({@code --dashboard-rounds}); the
     * figures stay the first round's, and the report adds each round's p50.
     */
    public Simulation withDashboardRounds(int rounds) {
        return new Simulation(scenario, clock, progress, warmUp, bar, extraPhases, subWindow, rounds);
    }

    /** Refuses (IllegalStateException, one line) a scenario that would not fit the heap; call before starting. */
    public void checkMemory(BucketryConfig config) {
        MemoryEstimate estimate = memoryEstimate(config, HeapMeter.usedAfterGc());
        if (!estimate.fits()) {
            throw new IllegalStateException(estimate.refusal());
        }
    }

    /** The estimate {@link #checkMemory} goes by: the in-memory store seals every bucket but its last ones. */
    MemoryEstimate memoryEstimate(BucketryConfig config, long usedBytes) {
        int perReading = HeapBudget.bytesPerReading(config.backend(), config.mongo().embedded());
        if (config.backend() != Backend.INMEMORY) {
            return MemoryEstimate.of(scenario, perReading, usedBytes);
        }
        int summaries = subWindowBytesPerReading(config);
        return MemoryEstimate.sealing(scenario, perReading + summaries, openReadings(config) + extraPhaseReadings(),
                MemoryEstimate.SEALED_BYTES_PER_READING + summaries, usedBytes);
    }

    /**
     * Budget per reading of the sub-window summaries a bucket keeps when {@code subWindow} is on (open
     * and sealed alike): every sub-window of the bucket, for each of the generator's numeric fields.
     */
    private int subWindowBytesPerReading(BucketryConfig config) {
        if (!(config.bucketPolicyValue() instanceof BucketPolicy.Windowed windowed) || !windowed.subWindows().isOn()) {
            return 0;
        }
        long perBucket = (long) windowed.subWindows().perBucket(windowed.widthMillis()) * ReadingGenerator.NUMERIC_FIELDS
                * MemoryEstimate.SUB_WINDOW_FIELD_BYTES;
        long readingsPerBucket = Math.max(1, Math.min(windowed.maxCount(), windowed.widthMillis() / scenario.interval().toMillis()));
        return (int) Math.min(Integer.MAX_VALUE, (perBucket + readingsPerBucket - 1) / readingsPerBucket);
    }

    /**
     * The extra phases' copies, counted as open readings: the last {@link AlertingWays#SLICE} of every
     * sensor held four times (the copy list and, at a row's size, two stores, with room for their garbage).
     */
    private long extraPhaseReadings() {
        return extraPhases ? 4L * scenario.sensors() * Math.min(scenario.ticks(),
                AlertingWays.SLICE.toMillis() / scenario.interval().toMillis() + 1) : 0;
    }

    /**
     * Readings of the buckets not sealed when the run ends, generously: per sensor, those of the last
     * sealAfter + two windows (the window the stream ends in, the one before, within its allowance),
     * or of its last two pages.
     */
    private long openReadings(BucketryConfig config) {
        long perSensor = config.bucketPolicyValue() instanceof BucketPolicy.Windowed windowed
                ? (config.sealAfter().toMillis() + 2 * windowed.widthMillis()) / scenario.interval().toMillis() + 1
                : 2L * config.pageSize();
        return scenario.sensors() * Math.min(scenario.ticks(), perSensor);
    }

    public SimulationReport run(Bucketry bucketry) {
        Instant end = Instant.ofEpochMilli(clock.millis());
        // measured before the warm-up: a full GC shrinks the heap, and ingest should start on the heap
        // the warm-up grew, as a running service's does; the scratch store is garbage by the "after" GC
        long before = HeapMeter.usedAfterGc();
        IngestWarmUp.Outcome warmedUp = null;
        if (warmUp) {
            progress.println("bucketry: warming up the ingest path on a scratch in-memory store (not timed)");
            warmedUp = IngestWarmUp.run(scenario, bucketry.config(), end, progress, bar);
        }
        String[] sensorIds = ReadingGenerator.sensorIds(scenario.sensors());
        Optional<WriteMetrics> writesBefore = writeMetrics(bucketry);
        IngestResult ingest = ingest(bucketry, new ReadingGenerator(scenario, sensorIds, end));
        Optional<WriteMetrics> writesAfter = writeMetrics(bucketry);
        SimulationReport.SealedView sealed = bucketry.unwrap(SealingSource.class)
                .map(sealing -> SealedPhase.run(sealing, ingest.readings(), progress)).orElse(null);
        BenchmarkRuns runs = BenchmarkRuns.of(bucketry.config().backend());
        DashboardBenchmark.Result dashboard = DashboardBenchmark.run(bucketry.read(), sensorIds, end,
                runs.dashboardWarmUp(), runs.dashboardRuns(), DashboardBenchmark.WINDOW, dashboardRounds);
        AlertingBenchmark.Result alerting = AlertingBenchmark.run(bucketry.aggregateAll(), end, runs.alertingRuns());
        GroupedAlertingView grouped = scenario.tags() ? GroupedAlertingBenchmark.run(bucketry.useCases().groups(),
                bucketry.aggregateAll(), end, runs.groupedRuns()) : null;
        // measured after the queries, as "before" is before the warm-up: the full GCs shrink the heap, and the
        // queries then allocated into memory the JVM had to commit and touch again, whose first-touch page faults
        // made the dashboard p50 several times its own in some runs (docs/benchmarks.md, "Latency and the heap")
        long after = HeapMeter.usedAfterGc();
        double retained = ingest.accepted() == 0 ? 0 : (after - before) / (double) ingest.accepted();
        SealingView sealing = bucketry.unwrap(InMemoryReadingStore.class)
                .map(store -> SealingMeasures.of(store.sealingFigures())).orElse(null);
        StorageStatistics statistics = bucketry.describe().describe();
        MongoView mongo = writesAfter.map(writes -> MongoMeasures.of(writesBefore.orElseThrow(), writes,
                ingest.readings(), statistics, bucketry.capabilities().contains(Capability.POLICY_BUCKETS) || sealed != null,
                bucketry.config().mongo().embedded(), sealed)).orElse(null);
        boolean extra = extraPhases && bucketry.config().backend() == Backend.INMEMORY;
        AlertingWaysView ways = extra
                ? new AlertingWays(bucketry.config(), runs.alertingRuns(), progress).run(bucketry, sensorIds, end, subWindowOf(bucketry),
                scenario.batchSize())
                : AlertingWaysView.absent(skipped(bucketry));
        LongRangeView longRange = extra
                ? new LongRangePhase(bucketry.config(), scenario, LongRangePhase.SENSORS, LongRangePhase.DAYS,
                LongRangePhase.WARM_UP, LongRangePhase.RUNS, progress).run(end)
                : LongRangeView.absent(skipped(bucketry));
        BaselineView baseline = baseline(bucketry, sensorIds, end);
        return new SimulationReport(bucketry.backend(),
                new ScenarioView(scenario.sensors(), SimulationReport.compact(scenario.interval().toMillis() / 1e3),
                        SimulationReport.compact(scenario.duration().toMillis() / 3.6e6), scenario.lateShare(),
                        scenario.duplicateShare(), scenario.tags()),
                new IngestView(ingest.readings(), ingest.accepted(), ingest.duplicates(), ingest.rejected(),
                        SimulationReport.round(ingest.seconds(), 3), Math.round(ingest.readingsPerSecond()),
                        cpuPerReading(ingest), warmedUp == null ? null : JitWarmUp.view(warmedUp.jit()),
                        warmedUp == null ? 0 : warmedUp.streamReadings()),
                new MemoryView(SimulationReport.round(retained, 1)),
                dashboard.view(),
                new AlertingView(alerting.series(), alerting.windows(), SimulationReport.round(alerting.millis(), 1),
                        SimulationReport.round(alerting.firstMillis(), 3), alerting.runs(), JitWarmUp.view(alerting.warmUp())),
                grouped,
                StatisticsView.of(statistics), mongo, baseline, sealing, ways, longRange,
                SubWindowMeasures.of(bucketry, statistics), scenario.batchSize(), statistics.note(), runs.note());
    }

    private static Double cpuPerReading(IngestResult ingest) {
        Double nanos = ingest.cpuNanosPerReading();
        return nanos == null ? null : SimulationReport.round(nanos, 1);
    }

    /** The sub-window the main store keeps summaries of: the one given here, else the configuration's, else none (null). */
    private Duration subWindowOf(Bucketry bucketry) {
        if (subWindow != null) {
            return subWindow;
        }
        Duration configured = bucketry.config().subWindow();
        return configured.isZero() ? null : configured;
    }

    private String skipped(Bucketry bucketry) {
        return bucketry.config().backend() != Backend.INMEMORY
                ? "not run: the extra phases run on the inmemory backend only (their targets are in-memory ones)"
                : "not run: --no-extra-phases";
    }

    /** In its own method so that the generator and the last batch are unreachable when the heap is measured. */
    private IngestResult ingest(Bucketry bucketry, ReadingGenerator generator) {
        return IngestPhase.run(generator, bucketry.ingest(),
                new IngestProgress("ingest", scenario.submissions(), progress, bar, IngestProgress.LINE_EVERY_NANOS));
    }

    private static Optional<WriteMetrics> writeMetrics(Bucketry bucketry) {
        return bucketry.unwrap(WriteMetricsSource.class).map(WriteMetricsSource::writeMetrics);
    }

    /** After every measured phase, so that neither its time nor its data weighs on them. */
    private BaselineView baseline(Bucketry bucketry, String[] sensorIds, Instant end) {
        return bucketry.unwrap(MongoBucketSettings.class).map(OneDocumentPerReadingBaseline::open).map(opened -> {
            try (var baseline = opened) {
                progress.println("bucketry: writing the same readings one document per reading into "
                        + baseline.collection() + " (the baseline)");
                return BaselinePhase.run(baseline, new ReadingGenerator(scenario, sensorIds, end, false),
                        bucketry.config().retentionPolicy().admission(end));
            }
        }).orElse(null);
    }
}
