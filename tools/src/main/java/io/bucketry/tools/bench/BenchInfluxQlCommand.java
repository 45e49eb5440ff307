package io.bucketry.tools.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;

import java.util.concurrent.Callable;

/** {@code bucketry bench-influxql}: the InfluxQL parser's throughput, and Grafana's queries at /query beside influxd's. */
@Command(name = "bench-influxql", mixinStandardHelpOptions = true,
        description = {"Benchmark InfluxQL: statements parsed per CPU-second of one thread, then the latency of Grafana's "
                + "default panel query (one series, 24 h) and of a query grouped by a tag over many series, asked of "
                + "Bucketry's /query and of a throwaway influxd holding the same points. Needs influxd "
                + "(apt-get install -y influxdb) for the latency part."})
public final class BenchInfluxQlCommand implements Callable<Integer> {

    @Option(names = "--series", paramLabel = "N", defaultValue = "1000",
            description = "Series of the grouped query, one reading a minute for 24 h each (default ${DEFAULT-VALUE}).")
    int series;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "200",
            description = "Timed requests per query and server, after as many to warm up (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--parse-seconds", paramLabel = "S", defaultValue = "5",
            description = "CPU seconds of parsing measured, after as many to warm up (default ${DEFAULT-VALUE}).")
    int parseSeconds;

    @Option(names = "--influxd", paramLabel = "PATH", defaultValue = "influxd", description = "The influxd to run (default: influxd on PATH).")
    String influxd;

    @Option(names = "--parse-only", description = "Measure the parser only.")
    boolean parseOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        InfluxQlBenchmark.parser(parseSeconds, out);
        if (!parseOnly) {
            InfluxQlBenchmark.latency(influxd, series, rounds, out);
        }
        return 0;
    }
}
