package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway {@code influxd run} with its own {@link InfluxConfig} in a temporary directory and
 * the database {@value InfluxConfig#DATABASE}; closing stops it (SIGTERM, then SIGKILL after 30 s)
 * and deletes the directory. Its output goes to {@code influxd.log} in that directory.
 */
final class InfluxServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final InfluxConfig config;
    private final Process process;
    private final HttpClient client = HttpClient.newHttpClient();
    private String version = "?";

    private InfluxServer(InfluxConfig config, Process process) {
        this.config = config;
        this.process = process;
    }

    /** Starts {@code influxd} (a path or a name on PATH) and creates the database; {@code cold} as in {@link InfluxConfig}. */
    static InfluxServer start(String influxd, Duration cold) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("bucketry-bench-influxd");
        InfluxConfig config = new InfluxConfig(dir, freePort(), freePort(), cold);
        Files.writeString(dir.resolve("influxdb.conf"), config.render());
        Process process;
        try {
            process = new ProcessBuilder(influxd, "run", "-config", dir.resolve("influxdb.conf").toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("influxd.log").toFile()).start();
        } catch (IOException e) {
            delete(dir);
            throw new IllegalStateException("cannot run '" + influxd + "' (" + e.getMessage()
                    + "); install it with apt-get install -y influxdb, or give its path with --influxd", e);
        }
        InfluxServer server = new InfluxServer(config, process);
        try {
            server.awaitPing();
            server.query("CREATE DATABASE " + InfluxConfig.DATABASE);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The v1 write URL of the database with millisecond timestamps. */
    URI writeUri() {
        return uri("/write?db=" + InfluxConfig.DATABASE + "&precision=ms");
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

    private void awaitPing() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("influxd exited with " + process.exitValue() + " at start: " + logTail());
            }
            try {
                HttpResponse<Void> ping = client.send(HttpRequest.newBuilder(uri("/ping")).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (ping.statusCode() == 204) {
                    version = ping.headers().firstValue("X-Influxdb-Version").orElse("?");
                    return;
                }
            } catch (ConnectException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("influxd did not answer /ping within " + START_TIMEOUT.toSeconds() + " s: " + logTail());
    }

    private String logTail() throws IOException {
        List<String> lines = Files.readAllLines(config.dir().resolve("influxd.log"));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + config.httpPort() + pathAndQuery);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        delete(config.dir());
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
