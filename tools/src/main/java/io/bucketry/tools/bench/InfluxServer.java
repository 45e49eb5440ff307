package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A throwaway {@code influxd run} with its own {@link InfluxConfig} in a temporary directory and
 * the database {@value InfluxConfig#DATABASE}; closing stops it and deletes the directory. At rest
 * means snapshotted and fully compacted ({@link CompactionWait}): what is measured is its TSM files.
 */
final class InfluxServer extends ProcessPeer {

    private final InfluxConfig config;
    private final Duration compactionTimeout;
    private final String version;

    private InfluxServer(InfluxConfig config, LocalProcess process, String version, Duration compactionTimeout) {
        super(process, config.httpPort(), "influxdb " + version);
        this.config = config;
        this.version = version;
        this.compactionTimeout = compactionTimeout;
    }

    /** Starts {@code influxd} (a path or a name on PATH) and creates the database; {@code cold} as in {@link InfluxConfig}. */
    static InfluxServer start(String influxd, Duration cold) throws IOException, InterruptedException {
        return start(influxd, cold, Duration.ofMinutes(10));
    }

    /** As {@link #start(String, Duration)}, waiting at most {@code compactionTimeout} for compaction at rest. */
    static InfluxServer start(String influxd, Duration cold, Duration compactionTimeout) throws IOException, InterruptedException {
        Path dir = LocalProcess.directory("influxd");
        InfluxConfig config = new InfluxConfig(dir, LocalProcess.freePort(), LocalProcess.freePort(), cold);
        Files.writeString(dir.resolve("influxdb.conf"), config.render());
        LocalProcess process = LocalProcess.start("influxd", dir,
                List.of(influxd, "run", "-config", dir.resolve("influxdb.conf").toString()),
                "install it with apt-get install -y influxdb, or give its path with --influxd");
        try {
            String version = process.awaitAnswer(URI.create("http://127.0.0.1:" + config.httpPort() + "/ping"), 204).headers()
                    .firstValue("X-Influxdb-Version").orElse("?");
            InfluxServer server = new InfluxServer(config, process, version, compactionTimeout);
            server.query("CREATE DATABASE " + InfluxConfig.DATABASE);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    /** The v1 write URL of the database with millisecond timestamps. */
    @Override
    public URI writeUri() {
        return uri("/write?db=" + InfluxConfig.DATABASE + "&precision=ms");
    }

    @Override
    public Dialect dialect() {
        return new InfluxDialect(this::uri);
    }

    /** A write is stored when answered: the count now. */
    @Override
    public long settle(long expected) throws IOException, InterruptedException {
        return count();
    }

    /** Waits for the snapshot and the full compaction of the cold shard; the TSM files then. */
    @Override
    public AtRest rest(long stored) throws InterruptedException {
        Duration settle = config.cold().multipliedBy(2);
        CompactionWait.Outcome outcome = new CompactionWait(settle, Duration.ofMillis(500), compactionTimeout).await(this::files);
        String how = (outcome.settled() ? "" : "NOT SETTLED after " + outcome.waited().toSeconds() + " s: ")
                + "sum of the database's .tsm files (" + outcome.files().tsm().size() + ") once each shard was one "
                + "generation and the WAL empty (waited " + outcome.waited().toSeconds() + " s); index and series file not counted";
        return new AtRest(ProcessCpu.of(pid()),
                List.of(new PeerResult.Cost("TSM on disk", (double) outcome.files().tsmBytes() / stored, how)));
    }

    /** The temporary directory of its configuration, data and log (deleted by {@link #close()}). */
    Path directory() {
        return config.dir();
    }

    /** The version its {@code /ping} announced. */
    String version() {
        return version;
    }

    /** Points stored in the database: {@code SELECT count(temperature) FROM sensor}. */
    long count() throws IOException, InterruptedException {
        JsonNode values = query("SELECT count(temperature) FROM " + Encodings.MEASUREMENT)
                .path("results").path(0).path("series").path(0).path("values");
        return values.isEmpty() ? 0 : values.path(0).path(1).asLong();
    }

    /** The database's TSM and WAL files now. */
    TsmFiles files() {
        return TsmFiles.scan(config.shards(), config.walShards());
    }

    private JsonNode query(String statement) throws IOException, InterruptedException {
        String form = "db=" + InfluxConfig.DATABASE + "&q=" + URLEncoder.encode(statement, StandardCharsets.UTF_8);
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(uri("/query"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofByteArray());
        JsonNode answer = new ObjectMapper().readTree(response.body());
        if (response.statusCode() != 200 || answer.path("results").path(0).has("error")) {
            throw new IllegalStateException("influxd refused '" + statement + "': " + response.statusCode() + " "
                    + new String(response.body(), StandardCharsets.UTF_8));
        }
        return answer;
    }
}
