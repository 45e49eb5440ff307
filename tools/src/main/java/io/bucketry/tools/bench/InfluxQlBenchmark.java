package io.bucketry.tools.bench;

import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.influxql.Parser;
import io.bucketry.server.lineprotocol.SeriesIdRule;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Function;

/**
 * The measurements of {@code bench-influxql}: the parser on one thread, counted in the thread's CPU time (the
 * machine may be shared), and the latency of two Grafana queries asked alternately of Bucketry and influxd, over
 * fixed time bounds, whose answers are then compared value by value.
 */
final class InfluxQlBenchmark {

    /** The shapes Grafana's InfluxDB data source and its query editor send, and the CLI's. */
    static final String[] STATEMENTS = {
            "SELECT mean(\"usage\") FROM \"autogen\".\"cpu\" WHERE (\"host\" = 'web-01') AND time >= now() - 6h and time <= now()"
                    + " GROUP BY time(20s) fill(null)",
            "SELECT mean(\"value\") FROM \"temperature\" WHERE time >= 1784674800000ms and time <= 1784761200000ms"
                    + " GROUP BY time(1m), \"region\" fill(none)",
            "SELECT max(\"usage\"), min(\"usage\") FROM \"cpu\" WHERE \"region\" =~ /^eu-.*$/ AND time > now() - 24h"
                    + " GROUP BY time(5m, 1m), * ORDER BY time DESC LIMIT 100 SLIMIT 10",
            "SHOW MEASUREMENTS WITH MEASUREMENT =~ /cpu/ LIMIT 100",
            "SHOW TAG VALUES FROM \"cpu\" WITH KEY = \"host\" WHERE \"region\" = 'eu-west'",
            "SHOW FIELD KEYS FROM \"cpu\"",
            "SELECT \"usage\" FROM \"cpu\" WHERE time >= '2026-07-21T23:00:00Z' AND time < '2026-07-22T00:00:00Z' LIMIT 10"};

    private static final long DAY = 86_400_000L;

    private InfluxQlBenchmark() {
    }

    /** Parses {@link #STATEMENTS} round after round for {@code seconds} of CPU (after as many to warm up). */
    static void parser(int seconds, PrintWriter out) {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (String phase : new String[] {"warm-up", "measured"}) {
            long parsed = 0;
            long tokens = 0;
            long startCpu = cpu.getCurrentThreadCpuTime();
            long startWall = System.nanoTime();
            while (cpu.getCurrentThreadCpuTime() - startCpu < seconds * 1_000_000_000L) {
                for (String statement : STATEMENTS) {
                    tokens += Parser.parse(statement).size();
                    parsed++;
                }
            }
            double cpuSeconds = (cpu.getCurrentThreadCpuTime() - startCpu) / 1e9;
            double wallSeconds = (System.nanoTime() - startWall) / 1e9;
            out.printf("parser %s: %,d statements (%d shapes) in %.2f CPU-s: %,.0f statements per CPU-second of one thread"
                    + " (%,.0f per wall second)%n", phase, parsed, STATEMENTS.length, cpuSeconds, parsed / cpuSeconds,
                    parsed / wallSeconds);
            out.flush();
            if (tokens != parsed) {
                throw new IllegalStateException("each statement should parse as one");
            }
        }
    }

    /** The two queries' latency at Bucketry's /query and at influxd's, on the same points, asked alternately. */
    static void latency(String influxd, int series, int rounds, PrintWriter out) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newHttpClient();
        long end = Instant.now().truncatedTo(ChronoUnit.MINUTES).toEpochMilli();
        try (BucketryServer bucketry = BucketryServer.start(BucketryConfig.defaults(),
                ServerConfig.builder().lineProtocolSeriesId(SeriesIdRule.PAIRS));
             InfluxServer influx = InfluxServer.start(influxd, Duration.ofSeconds(5))) {
            out.printf("influxd %s; feeding both: one series every 10 s and %,d series every minute, 24 h%n",
                    influx.version(), series);
            for (URI write : new URI[] {bucketry.uri("/write?db=bench&precision=ms"), influx.writeUri()}) {
                feed(client, write, end, series);
            }
            // absolute bounds, as Grafana sends $timeFilter with epoch=ms, so that both answers are the same points
            String range = "time >= " + (end - DAY) + "ms and time <= " + end + "ms";
            String single = "SELECT mean(\"usage\") FROM \"one\" WHERE (\"host\" = 'solo') AND " + range
                    + " GROUP BY time(1m), \"host\" fill(null)";
            String grouped = "SELECT mean(\"usage\") FROM \"cpu\" WHERE " + range + " GROUP BY time(10m), \"region\" fill(null)";
            for (String q : new String[] {single, grouped}) {
                Function<String, URI> bucketryUri = params -> bucketry.uri("/query?" + params);
                Function<String, URI> influxUri = params -> influx.uri("/query?" + params);
                String params = "db=bench&epoch=ms&q=" + URLEncoder.encode(q, StandardCharsets.UTF_8);
                long[][] times = new long[2][rounds];
                String[] bodies = new String[2];
                for (int round = -rounds; round < rounds; round++) {
                    for (int target = 0; target < 2; target++) {
                        URI uri = (target == 0 ? bucketryUri : influxUri).apply(params);
                        long start = System.nanoTime();
                        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(uri).build(),
                                HttpResponse.BodyHandlers.ofString());
                        long took = System.nanoTime() - start;
                        if (answer.statusCode() != 200 || answer.body().contains("\"error\"")) {
                            throw new IllegalStateException((target == 0 ? "bucketry" : "influxd") + " answered "
                                    + answer.statusCode() + ": " + answer.body());
                        }
                        bodies[target] = answer.body();
                        if (round >= 0) {
                            times[target][round] = took;
                        }
                    }
                }
                String difference = InfluxAnswers.difference(bodies[1], bodies[0]);
                out.printf("%s%n  bucketry p50 %.2f ms p90 %.2f ms (%,d bytes) | influxd p50 %.2f ms p90 %.2f ms (%,d bytes)"
                        + " | p50 ratio bucketry/influxd %.2f%n  answers equal value by value (floats within 1e-9"
                        + " relative): %s%n", q, pct(times[0], 50), pct(times[0], 90), bodies[0].length(),
                        pct(times[1], 50), pct(times[1], 90), bodies[1].length(), pct(times[0], 50) / pct(times[1], 50),
                        difference == null ? "yes" : "no, first at " + difference);
                out.flush();
            }
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            out.printf("load average %.2f on %d cores%n", os.getSystemLoadAverage(), os.getAvailableProcessors());
        }
    }

    private static double pct(long[] nanos, int percentile) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, sorted.length * percentile / 100)] / 1e6;
    }

    /** The points of both queries, in batches of 10,000 lines, with millisecond times ending at {@code end}. */
    private static void feed(HttpClient client, URI write, long end, int series) throws IOException, InterruptedException {
        Random random = new Random(7);
        StringBuilder batch = new StringBuilder();
        int lines = 0;
        for (long t = end - DAY; t < end; t += 10_000) {
            batch.append("one,host=solo usage=").append(random.nextInt(10_000) / 100.0).append(' ').append(t).append('\n');
            lines = flushIfFull(client, write, batch, ++lines);
        }
        for (long t = end - DAY; t < end; t += 60_000) {
            for (int s = 0; s < series; s++) {
                batch.append("cpu,host=h").append(s).append(",region=r").append(s % 10).append(" usage=")
                        .append(random.nextInt(10_000) / 100.0).append(' ').append(t).append('\n');
                lines = flushIfFull(client, write, batch, ++lines);
            }
        }
        flushIfFull(client, write, batch, Integer.MAX_VALUE);
    }

    private static int flushIfFull(HttpClient client, URI write, StringBuilder batch, int lines)
            throws IOException, InterruptedException {
        if (lines < 10_000 || batch.length() == 0) {
            return lines;
        }
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(write)
                .POST(HttpRequest.BodyPublishers.ofString(batch.toString())).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 204) {
            throw new IllegalStateException(write + " answered " + answer.statusCode() + ": " + answer.body());
        }
        batch.setLength(0);
        return 0;
    }
}
