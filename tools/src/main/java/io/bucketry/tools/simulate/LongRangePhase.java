package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.RollupsText;
import io.bucketry.tools.simulate.SimulationReport.ChartView;
import io.bucketry.tools.simulate.SimulationReport.LongRangeView;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Seed 002's seven-day raw query and a 90-day hourly chart of one sensor, on a dedicated small
 * in-memory store (the main run may span less than seven days): {@code sensors} sensors, one reading
 * a minute for {@code days} ending at the main stream's end, raw readings kept {@link #RETENTION},
 * a 1-hour tier kept two years. Its clock follows the stream and it is reclaimed (tier windows
 * settled, expired buckets removed) after every batch of at most a day, as a running service's
 * sweeper would, so that the tier holds what the raw readings no longer do.
 */
final class LongRangePhase {

    static final int SENSORS = 3;
    /** Ninety charted days and one more, so that the first charted hour is whole. */
    static final Duration DAYS = Duration.ofDays(91);
    static final Duration RETENTION = Duration.ofDays(7);
    static final Duration CHART = Duration.ofDays(90);
    static final Duration HOUR = Duration.ofHours(1);
    static final Duration INTERVAL = Duration.ofMinutes(1);
    static final RollupTiers TIERS = new RollupTiers(List.of(new RollupTier(HOUR, Duration.ofDays(730))));
    static final int WARM_UP = 200;
    static final int RUNS = 1_000;

    private final BucketryConfig config;
    private final Scenario scenario;
    private final PrintStream progress;
    private final int warmUp;
    private final int runs;

    /**
     * @param main the main run's configuration and scenario: policies, shares and batch size
     * @param warmUp untimed runs of each query before its {@code runs} timed ones
     */
    LongRangePhase(BucketryConfig main, Scenario mainScenario, int sensors, Duration days, int warmUp, int runs,
                   PrintStream progress) {
        this.config = main.toBuilder().backend(Backend.INMEMORY).retention(RETENTION).rollups(TIERS).build();
        int perDay = (int) Math.min(Integer.MAX_VALUE, sensors * (Duration.ofDays(1).toMillis() / INTERVAL.toMillis()));
        // a batch spans at most a day of the stream, so that its oldest readings are well within retention of its newest
        this.scenario = new Scenario(sensors, INTERVAL, days, mainScenario.lateShare(), mainScenario.duplicateShare(),
                Math.min(mainScenario.batchSize(), perDay));
        this.progress = progress;
        this.warmUp = warmUp;
        this.runs = runs;
    }

    LongRangeView run(Instant end) {
        long started = System.nanoTime();
        progress.println("bucketry: the seven-day query and the 90-day chart: " + scenario.sensors() + " sensors over "
                + DurationText.of(scenario.duration()) + " into a store keeping raw readings " + DurationText.of(RETENTION)
                + " and rollups " + RollupsText.format(TIERS));
        String[] sensorIds = ReadingGenerator.sensorIds(scenario.sensors());
        ReadingGenerator generator = new ReadingGenerator(scenario, sensorIds, end);
        StreamClock clock = new StreamClock(end.minus(scenario.duration()));
        try (Bucketry store = Bucketry.start(config, clock)) {
            long[] settleNanos = {0};
            IngestResult ingest = IngestPhase.run(generator::nextBatch, store.ingest(), batch -> clock.follow(latest(batch)),
                    (batch, took) -> settleNanos[0] += reclaim(store));
            clock.follow(end);
            settleNanos[0] += reclaim(store);
            DashboardBenchmark.Result week = DashboardBenchmark.run(store.read(), sensorIds, end, warmUp, runs,
                    Comparison.SEVEN_DAYS, 1);
            Instant to = Instant.ofEpochMilli(Math.floorDiv(end.toEpochMilli(), HOUR.toMillis()) * HOUR.toMillis());
            ChartView chart = ChartBenchmark.run(store.aggregate(), sensorIds, to, CHART, HOUR, end.minus(RETENTION),
                    warmUp, runs);
            return new LongRangeView(scenario.sensors(), SimulationReport.compact(scenario.duration().toMillis() / 8.64e7),
                    DurationText.of(RETENTION), RollupsText.format(TIERS), ingest.readings(),
                    SimulationReport.round(ingest.seconds(), 3), Math.round(ingest.readingsPerSecond()),
                    SimulationReport.round(settleNanos[0] / 1e9, 3),
                    week.view(),
                    chart, SimulationReport.round((System.nanoTime() - started) / 1e9, 1), null);
        }
    }

    private static long reclaim(Bucketry store) {
        long started = System.nanoTime();
        store.useCases().reclaim().reclaim();
        return System.nanoTime() - started;
    }

    private static Instant latest(List<ReadingInput> batch) {
        Instant latest = Instant.MIN;
        for (ReadingInput reading : batch) {
            Instant time = TimeInput.parse(reading.time());
            if (time.isAfter(latest)) {
                latest = time;
            }
        }
        return latest;
    }
}
