package io.bucketry.tools.bench;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.Durations;
import io.bucketry.tools.simulate.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bucketry bench-peer}: the case-study stream by HTTP into Bucketry and into local InfluxDB, VictoriaMetrics and QuestDB. */
@Command(name = "bench-peer", mixinStandardHelpOptions = true,
        description = {"Benchmark Bucketry against InfluxDB, VictoriaMetrics and QuestDB on simulate's stream.",
                "Each target runs as its own process on 127.0.0.1, started fresh for every feed: the same line-protocol "
                + "batches from the same client with 1 and with 4 clients, in rounds of alternating order; then Q1-Q4 in "
                + "each system's own language, answers compared with Bucketry's; server CPU from /proc, stored bytes at "
                + "rest, medians over the rounds and the load average. Needs influxd (apt-get install -y influxdb), "
                + "victoria-metrics (apt-get install -y victoria-metrics) and the QuestDB jar "
                + "(mvn dependency:get -Dartifact=org.questdb:questdb:" + BenchPeerCommand.QUESTDB_VERSION + ") for those targets."})
public final class BenchPeerCommand implements Callable<Integer> {

    static final String QUESTDB_VERSION = "9.2.2";

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

    @Option(names = "--clients", paramLabel = "LIST", defaultValue = "1,4",
            description = "HTTP client counts, each fed to every target (default ${DEFAULT-VALUE}).")
    String clients;

    @Option(names = "--targets", paramLabel = "LIST", defaultValue = "inmemory,influxdb,victoriametrics,questdb",
            description = "Which to feed, first the one whose answers the others are compared with: " + PeerTarget.NAMES
                    + " (default ${DEFAULT-VALUE}).")
    String targets;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
            description = "Rounds; each feeds every target with every client count, in reverse order every other round (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--query-repeats", paramLabel = "N", defaultValue = "30",
            description = "Timed asks of each query after each feed; the median is its p50 (default ${DEFAULT-VALUE}).")
    int queryRepeats;

    @Option(names = "--influxd", paramLabel = "PATH", defaultValue = "influxd", description = "The influxd to run (default: influxd on PATH).")
    String influxd;

    @Option(names = "--victoria-metrics", paramLabel = "PATH", defaultValue = "victoria-metrics",
            description = "The VictoriaMetrics to run (default: victoria-metrics on PATH).")
    String victoriaMetrics;

    @Option(names = "--questdb-jar", paramLabel = "PATH",
            description = "The QuestDB jar (default: org.questdb:questdb:" + QUESTDB_VERSION + " in the local Maven repository).")
    Path questdbJar;

    @Option(names = "--influx-cold", paramLabel = "DURATION", defaultValue = "5s",
            description = "influxd: a shard without writes for this long is snapshotted and fully compacted (default ${DEFAULT-VALUE}).")
    String cold;

    @Option(names = "--compaction-timeout", paramLabel = "DURATION", defaultValue = "10m",
            description = "Longest wait for influxd's compaction after the feed (default ${DEFAULT-VALUE}).")
    String compactionTimeout;

    @Option(names = "--bucketry-jar", paramLabel = "PATH",
            description = "The jar whose server the Bucketry targets run (default: this one), to measure another version "
                    + "with this benchmark; add --no-columns for a version without format=columns.")
    Path bucketryJar;

    @Option(names = "--bucketry-jvm-option", paramLabel = "OPTION",
            description = "An option of the Bucketry targets' JVM, such as -XX:TieredStopAtLevel=1 (repeatable), to measure "
                    + "what a JVM option of serve does.")
    List<String> bucketryJvmOptions = List.of();

    @Option(names = "--no-columns", description = "Ask the Bucketry targets in rows only, not also in columns (format=columns).")
    boolean noColumns;

    @Override
    public Integer call() throws Exception {
        if (batchSize > 100_000) {
            throw new ConfigurationException("--batch-size at most 100000 (Bucketry's default maxBatchSize)");
        }
        PeerOptions options;
        try {
            Scenario scenario = new Scenario(sensors, Durations.parsePositive(interval), Durations.parsePositive(duration),
                    lateShare, duplicateShare, batchSize);
            Path jar = questdbJar != null ? questdbJar : Path.of(System.getProperty("user.home"), ".m2", "repository", "org",
                    "questdb", "questdb", QUESTDB_VERSION, "questdb-" + QUESTDB_VERSION + ".jar");
            options = new PeerOptions(scenario, counts(clients), PeerTarget.parse(targets), rounds, queryRepeats, influxd,
                    victoriaMetrics, jar, QUESTDB_VERSION, Durations.parsePositive(cold), Durations.parsePositive(compactionTimeout),
                    bucketryJar, bucketryJvmOptions, !noColumns);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(e.getMessage());
        }
        new PeerBenchmark(options, spec.commandLine().getErr()).run().print(spec.commandLine().getOut());
        return 0;
    }

    private static List<Integer> counts(String list) {
        try {
            return Arrays.stream(list.split(",")).map(String::strip).map(Integer::valueOf).toList();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--clients must list counts of at least 1, such as 1,4; not '" + list + "'");
        }
    }
}
