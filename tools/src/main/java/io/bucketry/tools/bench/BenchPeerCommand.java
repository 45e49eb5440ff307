package io.bucketry.tools.bench;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.Durations;
import io.bucketry.tools.simulate.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code bucketry bench-peer}: the case-study stream by HTTP into Bucketry and into a local InfluxDB 1.6, side by side. */
@Command(name = "bench-peer", mixinStandardHelpOptions = true,
        description = {"Benchmark Bucketry against InfluxDB on simulate's stream.",
                "It feeds the stream as line protocol over HTTP to Bucketry (inmemory, and mongo-bucket " +
                "on the embedded test server), as JSON to inmemory Bucketry, and to a throwaway influxd, one after the other; " +
                "print readings/s and bytes per reading of each. Needs influxd (apt-get install -y influxdb) for the " +
                "influxdb target."})
public final class BenchPeerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--sensors", paramLabel = "N", defaultValue = "1000", description = "Sensors (default ${DEFAULT-VALUE}).")
    int sensors;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "60s",
            description = "One reading per sensor every DURATION (default ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "24h", description = "Span of the stream (default ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--late-share", paramLabel = "SHARE", defaultValue = "0", description = "Share of late readings (default ${DEFAULT-VALUE}).")
    double lateShare;

    @Option(names = "--duplicate-share", paramLabel = "SHARE", defaultValue = "0",
            description = "Share of readings sent twice (default ${DEFAULT-VALUE}).")
    double duplicateShare;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "5000",
            description = "Readings (lines) per request, for every target (default ${DEFAULT-VALUE}; at most 100000).")
    int batchSize;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4",
            description = "HTTP clients sending at once, for every target (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--targets", paramLabel = "LIST", defaultValue = "inmemory,json,mongo-bucket,influxdb",
            description = "Which to feed, in this order: " + PeerTarget.NAMES + " (default all).")
    String targets;

    @Option(names = "--influxd", paramLabel = "PATH", defaultValue = "influxd", description = "The influxd to run (default: influxd on PATH).")
    String influxd;

    @Option(names = "--influx-cold", paramLabel = "DURATION", defaultValue = "5s",
            description = "influxd: a shard without writes for this long is snapshotted and fully compacted (default ${DEFAULT-VALUE}).")
    String cold;

    @Option(names = "--compaction-timeout", paramLabel = "DURATION", defaultValue = "10m",
            description = "Longest wait for influxd's compaction after the feed (default ${DEFAULT-VALUE}).")
    String compactionTimeout;

    @Option(names = "--warm-up", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Let the JIT compile Bucketry's ingest paths on a scratch stream first (default true).")
    boolean warmUp;

    @Override
    public Integer call() throws Exception {
        if (concurrency < 1 || batchSize > 100_000) {
            throw new ConfigurationException("--concurrency must be at least 1 and --batch-size at most 100000 "
                    + "(Bucketry's default maxBatchSize)");
        }
        PeerOptions options;
        try {
            Scenario scenario = new Scenario(sensors, Durations.parsePositive(interval), Durations.parsePositive(duration),
                    lateShare, duplicateShare, batchSize);
            options = new PeerOptions(scenario, concurrency, PeerTarget.parse(targets), influxd, warmUp,
                    Durations.parsePositive(cold), Durations.parsePositive(compactionTimeout));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(e.getMessage());
        }
        new PeerBenchmark(options, spec.commandLine().getErr()).run().print(spec.commandLine().getOut());
        return 0;
    }
}
