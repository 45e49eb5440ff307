package io.bucketry.tools.bench;

import io.bucketry.tools.simulate.Scenario;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Feeds one case-study stream to every target, each in its own process started fresh for each feed,
 * with the same batches, the same client and the same client counts, in rounds whose order
 * alternates; after each feed it asks Q1–Q4 (a Bucketry target in rows and in columns), compares every answer with the first Bucketry target's
 * (or the first target's), and measures what the server stores at rest. Each target must end up
 * storing every distinct reading of the stream, or the benchmark fails.
 */
final class PeerBenchmark {

    static final String LINES = "text/plain; charset=utf-8";

    private final PeerOptions options;
    private final PrintWriter progress;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private Map<PeerQuery, QueryAnswer> reference;

    PeerBenchmark(PeerOptions options, PrintWriter progress) {
        this.options = options;
        this.progress = progress;
    }

    /** Runs every round; the report of every trial. */
    PeerReport run() throws IOException, InterruptedException {
        Instant end = Instant.now();
        Scenario scenario = options.scenario();
        List<Double> loads = new ArrayList<>(List.of(PeerReport.loadAverage()));
        PeerStream lines = PeerStream.of(scenario, end, Encodings::lines);
        PeerStream json = options.targets().contains(PeerTarget.JSON) ? PeerStream.of(scenario, end, Encodings::json) : null;
        QuerySpec spec = QuerySpec.of(scenario, end);
        List<PeerTarget> order = new ArrayList<>(options.targets());
        reference = null;
        List<PeerResult> results = new ArrayList<>();
        for (int round = 1; round <= options.rounds(); round++) {
            List<PeerTarget> targets = new ArrayList<>(order);
            if (round % 2 == 0) {
                Collections.reverse(targets);
            }
            for (PeerTarget target : targets) {
                for (int clients : options.clients()) {
                    progress.printf("bench-peer: round %d, %s, %d client%s …%n", round, target.key(), clients, clients == 1 ? "" : "s");
                    progress.flush();
                    results.add(trial(target, round, clients, target == PeerTarget.JSON ? json : lines, spec));
                    loads.add(PeerReport.loadAverage());
                }
            }
        }
        return new PeerReport(options, lines, json, spec, results, loads, reference);
    }

    private PeerResult trial(PeerTarget target, int round, int clients, PeerStream stream, QuerySpec spec)
            throws IOException, InterruptedException {
        try (PeerServer server = start(target)) {
            Duration cpuStart = ProcessCpu.of(server.pid());
            Duration jitStart = ProcessCpu.ofThreads(server.pid(), ProcessCpu::jitCompiler);
            HttpFeeder.Feed feed = new HttpFeeder(clients).feed(server.writeUri(),
                    target == PeerTarget.JSON ? "application/json" : LINES, stream, server.writeAnswer());
            Duration cpuFed = ProcessCpu.of(server.pid());
            Duration jitFed = ProcessCpu.ofThreads(server.pid(), ProcessCpu::jitCompiler);
            long stored = server.settle(stream.readings());
            if (stored != options.scenario().readings()) {
                throw new IllegalStateException(server.label() + " stores " + stored + " readings after the feed, "
                        + "but the stream has " + options.scenario().readings() + " distinct ones");
            }
            Duration cpuQueries = ProcessCpu.of(server.pid());
            Map<PeerQuery, QueryTiming> queries = new EnumMap<>(PeerQuery.class);
            Map<PeerQuery, QueryTiming> columnQueries = new EnumMap<>(PeerQuery.class);
            Dialect columns = server.columnDialect();
            for (PeerQuery query : PeerQuery.values()) {
                // rows and columns of one query in turn, which first alternating by round
                boolean columnsFirst = columns != null && round % 2 == 0;
                if (columnsFirst) {
                    columnQueries.put(query, QueryTiming.of(client, columns, query, spec, options.queryRepeats(), server.pid()));
                }
                queries.put(query, QueryTiming.of(client, server.dialect(), query, spec, options.queryRepeats(), server.pid()));
                if (columns != null && !columnsFirst) {
                    columnQueries.put(query, QueryTiming.of(client, columns, query, spec, options.queryRepeats(), server.pid()));
                }
            }
            Duration queryCpu = ProcessCpu.of(server.pid()).minus(cpuQueries);
            if (reference == null) {
                reference = new EnumMap<>(PeerQuery.class);
                queries.forEach((query, timing) -> reference.put(query, timing.answer()));
            }
            PeerServer.AtRest rest = server.rest(stored);
            return new PeerResult(target, server.label(), round, clients, feed, stored, cpuFed.minus(cpuStart),
                    jitFed.minus(jitStart), rest.cpu().minus(queryCpu).minus(cpuStart), rest.costs(), queries, columnQueries);
        }
    }

    private PeerServer start(PeerTarget target) throws IOException, InterruptedException {
        return switch (target) {
            case INMEMORY, JSON, MONGO_BUCKET -> BucketryChild.start(target, options.bucketryJar(),
                    options.bucketryJvmOptions(), options.columns());
            case INFLUXDB -> InfluxServer.start(options.influxd(), options.cold(), options.compactionTimeout());
            case VICTORIAMETRICS -> VictoriaServer.start(options.victoriaMetrics());
            case QUESTDB -> QuestServer.start(options.questdbJar(), options.questdbVersion());
        };
    }
}
