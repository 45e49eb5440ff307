package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.bootstrap.config.Backend;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A Bucketry target: {@link BucketryProcess} in a child JVM of this one's class path and maximum heap. */
final class BucketryChild implements PeerServer {

    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(120);
    /** Logback's system property naming its configuration file. */
    private static final String LOGGING = "logback.configurationFile";

    private final PeerTarget target;
    private final LocalProcess process;
    private final int port;
    private final long startHeap;
    private final boolean columns;
    private final HttpClient client = HttpClient.newHttpClient();

    private BucketryChild(PeerTarget target, LocalProcess process, int port, long startHeap, boolean columns) {
        this.target = target;
        this.columns = columns;
        this.process = process;
        this.port = port;
        this.startHeap = startHeap;
    }

    /**
     * Starts {@code target}'s server from {@code jar} (null: this JVM's class path) in a JVM given {@code jvmOptions}
     * too, asked in columns too when {@code columns}.
     */
    static BucketryChild start(PeerTarget target, Path jar, List<String> jvmOptions, boolean columns)
            throws IOException, InterruptedException {
        Path dir = LocalProcess.directory("bucketry");
        LocalProcess process = LocalProcess.start("bucketry", dir, command(target, jar, dir, jvmOptions),
                "check the java of this JVM");
        try {
            String[] ready = await(process, dir.resolve("ready")).split(" ");
            return new BucketryChild(target, process, Integer.parseInt(ready[0]), Long.parseLong(ready[1]), columns);
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    /**
     * The child's command line: this JVM's java and maximum heap, serve's logging (without it logback logs every
     * library's debug lines, which cost the server more CPU than its answers), {@code jvmOptions}, and {@code jar}
     * (null: this class path).
     */
    static List<String> command(PeerTarget target, Path jar, Path dir, List<String> jvmOptions) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + Runtime.getRuntime().maxMemory(),
                // compiler threads that end take their CPU time with them: keep them, so that the JIT's share can be read
                "-XX:-UseDynamicNumberOfCompilerThreads",
                "-D" + LOGGING + "=" + BucketryProcess.SERVE_LOGGING));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", jar == null ? System.getProperty("java.class.path") : jar.toString(),
                BucketryProcess.class.getName(), target.backend().id(), dir.toString()));
        return command;
    }

    /** The text of {@code file} once the child has written it. */
    private static String await(LocalProcess process, Path file) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
        while (!Files.exists(file)) {
            if (!process.alive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("the Bucketry server did not write " + file.getFileName() + ": " + process.logTail());
            }
            Thread.sleep(50);
        }
        return Files.readString(file).strip();
    }

    @Override
    public String label() {
        return target.label();
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public URI writeUri() {
        return uri(target == PeerTarget.JSON ? "/v1/readings" : "/write?precision=ms");
    }

    @Override
    public Answer writeAnswer() {
        return target == PeerTarget.JSON ? Answer.bucketryJson(Dialect.JSON) : Answer.bucketryLines();
    }

    @Override
    public Dialect dialect() {
        return new BucketryDialect(this::uri);
    }

    @Override
    public Dialect columnDialect() {
        return columns ? new BucketryDialect(this::uri, true) : null;
    }

    /** A write is stored when answered: the readings of {@code /v1/stats}. */
    @Override
    public long settle(long expected) throws IOException, InterruptedException {
        return stats().path("readings").asLong();
    }

    /** In memory: the heap retained (after full collections, minus the same at start) and the store's own accounting. */
    @Override
    public AtRest rest(long stored) throws IOException, InterruptedException {
        JsonNode stats = stats();
        List<PeerResult.Cost> costs = new ArrayList<>();
        if (target.backend() == Backend.INMEMORY) {
            Path answer = process.directory().resolve("heap");
            process.send("heap");
            long heap = Long.parseLong(await(process, answer));
            costs.add(new PeerResult.Cost("heap retained", (double) (heap - startHeap) / stored,
                    "heap used after full GCs once fed, minus the same once the server had started"));
            costs.add(bucketBytes("heap held by buckets", stats, "/v1/stats: avgBucketBytes x buckets / readings"));
        } else {
            costs.add(bucketBytes("stored BSON", stats, "/v1/stats: avgBucketBytes (BSON of the documents as the server "
                    + "returns them) x buckets / readings; no index sizes ($collStats is n/a on the embedded server)"));
        }
        return new AtRest(ProcessCpu.of(pid()), costs);
    }

    private static PeerResult.Cost bucketBytes(String what, JsonNode stats, String how) {
        JsonNode average = stats.path("avgBucketBytes");
        long readings = stats.path("readings").asLong();
        Double perReading = average.isNumber() && readings > 0
                ? average.asDouble() * stats.path("buckets").asLong() / readings : null;
        return new PeerResult.Cost(what, perReading, how);
    }

    private JsonNode stats() throws IOException, InterruptedException {
        return Dialect.JSON.readTree(Dialect.get(client, uri("/v1/stats")));
    }

    private URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (process.alive()) {
            process.send("stop");
        }
        process.close();
    }
}
