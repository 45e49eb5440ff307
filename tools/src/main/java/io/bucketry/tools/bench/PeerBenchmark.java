package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.simulate.HeapMeter;
import io.bucketry.tools.simulate.Scenario;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Feeds one case-study stream, one target after the other, with the same batches and the same
 * client concurrency: Bucketry in memory by line protocol and by JSON, Bucketry on mongo-bucket
 * (embedded test server), a throwaway influxd. Each target must end up storing every distinct
 * reading of the stream, or the benchmark fails.
 */
final class PeerBenchmark {

    static final String LINES = "text/plain; charset=utf-8";
    private static final Duration NO_SWEEP = Duration.ofDays(3650);
    private static final long WARM_UP_READINGS = 500_000;

    private final PeerOptions options;
    private final PrintWriter progress;
    private final ObjectMapper mapper = new ObjectMapper();
    private final HttpFeeder feeder;
    private final BucketryConfig base = BucketryConfig.defaults().toBuilder().sweepInterval(NO_SWEEP).build();

    PeerBenchmark(PeerOptions options, PrintWriter progress) {
        this.options = options;
        this.progress = progress;
        this.feeder = new HttpFeeder(options.concurrency());
    }

    /** Runs every chosen target; the report of what each took and stored. */
    PeerReport run() throws IOException, InterruptedException {
        Instant end = Instant.now();
        Set<PeerTarget> targets = options.targets();
        double loadBefore = PeerReport.loadAverage();
        PeerStream lines = PeerStream.of(options.scenario(), end, Encodings::lines);
        PeerStream json = targets.contains(PeerTarget.JSON) ? PeerStream.of(options.scenario(), end, Encodings::json) : null;
        if (options.warmUp() && !targets.equals(Set.of(PeerTarget.INFLUXDB))) {
            warmUp(end);
        }
        List<PeerResult> results = new ArrayList<>();
        for (PeerTarget target : targets) {
            progress.println("bench-peer: feeding " + target.label() + " …");
            progress.flush();
            PeerResult result = switch (target) {
                case INMEMORY -> inMemory(lines);
                case JSON -> bucketry(Backend.INMEMORY, target, json, "/v1/readings", "application/json",
                        Answer.bucketryJson(mapper));
                case MONGO_BUCKET -> bucketry(Backend.MONGO_BUCKET, target, lines, "/write?precision=ms", LINES,
                        Answer.bucketryLines());
                case INFLUXDB -> influx(lines);
            };
            requireAll(result);
            results.add(result);
        }
        return new PeerReport(options, lines, json, results, loadBefore, PeerReport.loadAverage());
    }

    /** The JIT compiles both ingest paths on a scratch stream into scratch in-memory servers, closed before any timed feed. */
    private void warmUp(Instant end) throws IOException, InterruptedException {
        Scenario scenario = options.scenario();
        int sensors = Math.min(scenario.sensors(), 1_000);
        long ticks = Math.min(scenario.ticks(), Math.max(1, WARM_UP_READINGS / sensors));
        Scenario scratch = new Scenario(sensors, scenario.interval(), scenario.interval().multipliedBy(ticks),
                scenario.lateShare(), scenario.duplicateShare(), scenario.batchSize());
        progress.println("bench-peer: warm-up, " + scratch.readings() + " readings by line protocol and by JSON into scratch servers");
        progress.flush();
        try (BucketryServer server = BucketryServer.start(base)) {
            feeder.feed(server.uri("/write?precision=ms"), LINES, PeerStream.of(scratch, end, Encodings::lines),
                    Answer.bucketryLines());
        }
        if (options.targets().contains(PeerTarget.JSON)) {
            try (BucketryServer server = BucketryServer.start(base)) {
                feeder.feed(server.uri("/v1/readings"), "application/json", PeerStream.of(scratch, end, Encodings::json),
                        Answer.bucketryJson(mapper));
            }
        }
    }

    private PeerResult inMemory(PeerStream lines) throws IOException, InterruptedException {
        try (BucketryServer server = BucketryServer.start(base)) {
            long before = HeapMeter.usedAfterGc();
            HttpFeeder.Feed feed = feeder.feed(server.uri("/write?precision=ms"), LINES, lines, Answer.bucketryLines());
            JsonNode stats = server.stats(mapper);
            long stored = stats.path("readings").asLong();
            double retained = (double) (HeapMeter.usedAfterGc() - before) / stored;
            return new PeerResult(PeerTarget.INMEMORY.label(), feed, stored, List.of(
                    new PeerResult.Cost("heap retained", retained,
                            "heap used after full GCs once fed, minus the same once the server had started"),
                    bucketBytes("heap held by buckets", stats, "/v1/stats: avgBucketBytes x buckets / readings")));
        }
    }

    private PeerResult bucketry(Backend backend, PeerTarget target, PeerStream stream, String path, String type,
                                Answer answer) throws IOException, InterruptedException {
        // The embedded server runs one write at a time, so a batch waits for the other clients' batches:
        // allow it longer than the default mongoTimeout of 10 s.
        BucketryConfig config = base.toBuilder().backend(backend).embeddedMongo(backend == Backend.MONGO_BUCKET)
                .mongoTimeout(Duration.ofMinutes(10)).build();
        try (BucketryServer server = BucketryServer.start(config)) {
            HttpFeeder.Feed feed = feeder.feed(server.uri(path), type, stream, answer);
            JsonNode stats = server.stats(mapper);
            List<PeerResult.Cost> costs = backend == Backend.MONGO_BUCKET
                    ? List.of(bucketBytes("stored BSON", stats, "/v1/stats: avgBucketBytes (BSON of the documents as "
                            + "the server returns them) x buckets / readings; no index sizes ($collStats is n/a on the embedded server)"))
                    : List.of();
            return new PeerResult(target.label(), feed, stats.path("readings").asLong(), costs);
        }
    }

    private PeerResult influx(PeerStream lines) throws IOException, InterruptedException {
        try (InfluxServer server = InfluxServer.start(options.influxd(), options.cold())) {
            HttpFeeder.Feed feed = feeder.feed(server.writeUri(), LINES, lines, Answer.influx());
            long stored = server.count();
            progress.println("bench-peer: waiting for influxd to snapshot and fully compact (shard cold after "
                    + options.cold().toSeconds() + " s) …");
            progress.flush();
            Duration settle = options.cold().multipliedBy(2);
            CompactionWait.Outcome outcome = new CompactionWait(settle, Duration.ofMillis(500), options.compactionTimeout())
                    .await(server::files);
            String how = (outcome.settled() ? "" : "NOT SETTLED after " + outcome.waited().toSeconds() + " s: ")
                    + "sum of the database's .tsm files (" + outcome.files().tsm().size() + ") once each shard "
                    + "was one generation, the WAL empty and nothing changed for " + settle.toSeconds()
                    + " s (waited " + outcome.waited().toSeconds() + " s); index and series file not counted";
            return new PeerResult("influxdb " + server.version() + ", line protocol", feed, stored,
                    List.of(new PeerResult.Cost("TSM on disk", (double) outcome.files().tsmBytes() / stored, how)));
        }
    }

    private static PeerResult.Cost bucketBytes(String what, JsonNode stats, String how) {
        JsonNode average = stats.path("avgBucketBytes");
        long readings = stats.path("readings").asLong();
        Double perReading = average.isNumber() && readings > 0
                ? average.asDouble() * stats.path("buckets").asLong() / readings : null;
        return new PeerResult.Cost(what, perReading, how);
    }

    private void requireAll(PeerResult result) {
        long distinct = options.scenario().readings();
        if (result.stored() != distinct) {
            throw new IllegalStateException(result.target() + " stores " + result.stored() + " readings after the feed, "
                    + "but the stream has " + distinct + " distinct ones");
        }
    }
}
