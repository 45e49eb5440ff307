package io.bucketry.app.cli;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.app.config.ConfigKey;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.Durations;
import io.bucketry.server.json.Json;
import io.bucketry.tools.simulate.Comparison;
import io.bucketry.tools.simulate.ComparisonTable;
import io.bucketry.tools.simulate.HumanReport;
import io.bucketry.tools.simulate.Scenario;
import io.bucketry.tools.simulate.Simulation;
import io.bucketry.tools.simulate.SimulationReport;
import io.bucketry.tools.simulate.SimulationTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code bucketry simulate}: seed 002's case study — generate, ingest, query, report. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Run the case study: generate, ingest and query sensor readings, and report the figures.",
                "The readings end now and arrive in real-time order through the use cases; then the dashboard and " +
                "alerting queries run (progress on stderr)."})
public final class SimulateCommand implements Callable<Integer> {

    private static final Duration NO_SWEEP = Duration.ofDays(3650);
    /** Keys only {@code serve} uses: their environment variables do not concern a simulation. */
    static final Set<ConfigKey> SERVE_ONLY = EnumSet.of(ConfigKey.PORT, ConfigKey.BIND, ConfigKey.MAX_BODY_SIZE,
            ConfigKey.SWEEP_INTERVAL, ConfigKey.BODY_READ_TIMEOUT, ConfigKey.MAX_CONCURRENT_INGESTS, ConfigKey.DRAIN_TIMEOUT,
            ConfigKey.LINE_PROTOCOL_SERIES_ID, ConfigKey.ACCESS_LOG);

    @ParentCommand
    BucketryCommand parent;

    @Mixin
    ConfigOptions options;

    @Option(names = "--sensors", paramLabel = "N", defaultValue = "25000", description = "Sensors (default ${DEFAULT-VALUE}).")
    int sensors;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "60s",
            description = "One reading per sensor per interval (default ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "24h",
            description = "Time span of the readings, ending now (default ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--late-share", paramLabel = "SHARE", defaultValue = "0",
            description = "Share of readings that arrive 1-10 intervals late (default ${DEFAULT-VALUE}).")
    double lateShare;

    @Option(names = "--duplicate-share", paramLabel = "SHARE", defaultValue = "0",
            description = "Share of readings submitted a second time, 1-10 intervals later (default ${DEFAULT-VALUE}).")
    double duplicateShare;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "10000",
            description = "Readings per ingest call (default ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(names = "--tags", negatable = true, defaultValue = "false", fallbackValue = "true",
            description = {"Give every sensor tags (building: 250 values, type: 5) sent with each of its readings, and",
                    "run the grouped alerting job (5-minute averages per building) after the alerting query.",
                    "Off by default (--no-tags): the default run stays the stream every earlier figure was measured on."})
    boolean tags;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout instead of the human report.")
    boolean json;

    @Option(names = "--warm-up", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = {"Before the timed ingest, ingest a scratch stream of the same shape (at most 1,000 sensors",
                    "over 24h) into a scratch in-memory store, so that the JIT has compiled the ingest path",
                    "(default). --no-warm-up times a cold JVM."})
    boolean warmUp;

    @Option(names = "--force", description = {"On a MongoDB server, empty simulate's own collections (simulate_buckets,",
            "simulate_buckets_baseline, simulate_timeseries) when they hold data, instead of refusing to run."})
    boolean force;

    @Option(names = "--keep", description = "On a MongoDB server, keep what the run wrote instead of dropping it at the end.")
    boolean keep;

    @Option(names = "--compare", description = {"Run the same stream into mongo-bucket (beside one document per reading)",
            "and mongo-timeseries on one server and print one table (same as --backend mongo-bucket,mongo-timeseries)."})
    boolean compare;

    @Option(names = "--progress-bar", negatable = true,
            description = {"Draw the ingest progress as a bar redrawn in place (default on a terminal); --no-progress-bar",
                    "prints a plain line every few seconds (default when stderr is a file or a pipe)."})
    Boolean progressBar;

    @Option(names = "--extra-phases", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = {"In memory, after the main phases, on stores of their own: the alerting job three ways",
                    "(on read, sub-window summaries, a 5-minute rollup tier), the seven-day query and a 90-day hourly",
                    "chart of one sensor (default, about 20 s more); --no-extra-phases skips them."})
    boolean extraPhases;

    @Option(names = "--memory-check", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = {"Before generating anything, refuse a run whose readings the estimate says will not fit the heap",
                    "(default). The estimate budgets twice what the generator's data was measured to take, so",
                    "--no-memory-check attempts the run anyway; the in-memory store's --memory-limit still refuses",
                    "writes (STORE_FULL) before the heap runs out."})
    boolean memoryCheck;

    @Option(names = "--dashboard-rounds", defaultValue = "1", paramLabel = "N",
            description = {"Repeat the dashboard query's timed runs N times in this JVM (default 1) and report each",
                    "round's p50 (roundsP50Micros); the dashboard figures stay the first round's. Alike rounds that differ",
                    "from another JVM's point at the JVM (compiled code, heap); unlike rounds at the host."})
    int dashboardRounds;

    @Override
    public Integer call() throws Exception {
        boolean comparing = compare || (options.backend != null && options.backend.contains(","));
        if (comparing) {
            requireComparedBackends();
            options.backend = "mongo-bucket";   // the comparison sets the backend of each of its runs
        }
        // No expiry sweep during a run: nothing in the stream expires within it, and a sweep's deletes
        // would count among the write commands measured during ingest.
        BucketryConfig config = options.load(parent.environment, Map.of(), SERVE_ONLY).toBuilder()
                .sweepInterval(NO_SWEEP).build();
        if (dashboardRounds < 1) {
            throw new ConfigurationException("--dashboard-rounds " + dashboardRounds + " must be at least 1");
        }
        Scenario scenario = scenario();
        if (batchSize > config.maxBatchSize()) {
            throw new ConfigurationException("--batch-size " + batchSize + " is larger than maxBatchSize "
                    + config.maxBatchSize() + "; lower it or raise --max-batch-size");
        }
        Simulation simulation = new Simulation(scenario, Clock.systemUTC(), parent.err, warmUp, progressBar)
                .withExtraPhases(extraPhases).withDashboardRounds(dashboardRounds);
        if (memoryCheck) {
            simulation.checkMemory(config);
        }
        if (comparing) {
            ComparisonTable table = new Comparison(scenario, warmUp, parent.err).run(config, force, keep, Clock.systemUTC());
            if (json) {
                parent.out.println(Json.mapper().writeValueAsString(table));
            } else {
                table.print(parent.out);
            }
            parent.out.flush();
            return 0;
        }
        SimulationTarget target = ConfigOptions.asUsage(() -> SimulationTarget.of(config));
        ConfigOptions.asUsage(() -> {
            target.prepare(config, force, parent.err);
            return target;
        });
        SimulationReport report;
        try (Bucketry bucketry = ConfigOptions.start(target.config())) {
            report = simulation.run(bucketry);
        } finally {
            target.finish(keep, parent.err);
        }
        if (json) {
            parent.out.println(Json.mapper().writeValueAsString(report));
        } else {
            HumanReport.print(report, parent.out);
        }
        parent.out.flush();
        return 0;
    }

    /** A comparison runs the two Mongo backends; {@code --backend a,b} may name them in either order. */
    private void requireComparedBackends() {
        if (options.backend != null && (compare || options.backend.contains(",")) && !options.backend.equals("mongo-bucket")
                && !List.of("mongo-bucket", "mongo-timeseries").equals(Arrays.stream(options.backend.split(","))
                .map(String::strip).sorted().toList())) {
            throw new ConfigurationException("--backend '" + options.backend + "': --compare runs mongo-bucket,mongo-timeseries");
        }
    }

    private Scenario scenario() {
        Duration every = duration("--interval", interval);
        Duration span = duration("--duration", duration);
        try {
            return new Scenario(sensors, every, span, lateShare, duplicateShare, batchSize, tags);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(e.getMessage());
        }
    }

    private static Duration duration(String flag, String text) {
        try {
            return Durations.parsePositive(text);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("invalid " + flag + " '" + text + "': " + e.getMessage());
        }
    }
}
