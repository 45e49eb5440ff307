package io.bucketry.tools.simulate;

import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics;
import io.bucketry.adapter.mongo.bucket.StorageProbe.Sizes;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.wiring.EmbeddedMongo;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code simulate --compare}: the same generated stream (same sensors, same end) into mongo-bucket
 * (with its one-document-per-reading baseline) and mongo-timeseries on one server, one after the
 * other, each through the whole {@link Simulation}, plus seed 002's seven-day query of one sensor
 * and the server's own measure of what each stored.
 */
public final class Comparison {

    static final Duration SEVEN_DAYS = Duration.ofDays(7);
    static final List<Backend> BACKENDS = List.of(Backend.MONGO_BUCKET, Backend.MONGO_TIMESERIES);

    /** What one backend's run measured; {@code baseline} sizes only beside mongo-bucket. */
    record Measured(SimulationReport report, DashboardBenchmark.Result sevenDays, Sizes sizes, Sizes baselineSizes) {
    }

    private final Scenario scenario;
    private final boolean warmUp;
    private final PrintStream progress;

    public Comparison(Scenario scenario, boolean warmUp, PrintStream progress) {
        this.scenario = scenario;
        this.warmUp = warmUp;
        this.progress = progress;
    }

    /**
     * Runs both backends on the server of {@code config} (on one embedded test server started here
     * with {@code --embedded-mongo}), each in simulate's own collections (see {@link SimulationTarget}).
     */
    public ComparisonTable run(BucketryConfig config, boolean force, boolean keep, Clock clock) {
        Clock streamEnd = Clock.fixed(Instant.ofEpochMilli(clock.millis()), ZoneOffset.UTC);
        boolean embedded = config.mongo().embedded();
        try (EmbeddedMongo server = embedded ? EmbeddedMongo.start() : null) {
            BucketryConfig shared = embedded ? config.toBuilder().mongoUri(server.uri()).embeddedMongo(false)
                    .timeseriesFallback(true).build() : config;
            List<SimulationTarget> targets = new ArrayList<>();
            for (Backend backend : BACKENDS) {
                BucketryConfig own = shared.toBuilder().backend(backend).build();
                SimulationTarget target = SimulationTarget.of(own);
                target.prepare(own, force, progress);   // every target before any run: refuse before spending time
                targets.add(target);
            }
            List<Measured> measured = new ArrayList<>();
            for (SimulationTarget target : targets) {
                try {
                    measured.add(measure(target, streamEnd));
                } finally {
                    target.finish(keep, progress);
                }
            }
            return ComparisonTable.of(scenario, measured.get(0), measured.get(1), embedded);
        }
    }

    private Measured measure(SimulationTarget target, Clock streamEnd) {
        BucketryConfig config = target.config();
        progress.println("bucketry: --compare: running " + config.backend());
        try (Bucketry bucketry = Bucketry.start(config)) {
            SimulationReport report = new Simulation(scenario, streamEnd, progress, warmUp).run(bucketry);
            BenchmarkRuns runs = BenchmarkRuns.of(config.backend());
            DashboardBenchmark.Result week = DashboardBenchmark.run(bucketry.read(),
                    ReadingGenerator.sensorIds(scenario.sensors()), streamEnd.instant(), runs.dashboardWarmUp(),
                    runs.dashboardRuns(), SEVEN_DAYS, 1);
            try (MongoServerDiagnostics server = MongoServerDiagnostics.open(
                    new MongoBucketSettings(config.mongo().uri(), config.mongo().database(), null), config.backend().id())) {
                Sizes sizes = server.storage(config.mongo().collection());
                Sizes baseline = report.baseline() == null ? null : server.storage(report.baseline().collection());
                return new Measured(report, week, sizes, baseline);
            }
        }
    }
}
