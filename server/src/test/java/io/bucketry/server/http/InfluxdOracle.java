package io.bucketry.server.http;

import java.io.IOException;
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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway {@code influxd} (Debian's InfluxDB 1.6.7) on loopback ports of its own, with its own
 * directories, as the oracle of the InfluxQL tests; {@link #available()} says why not when it cannot run.
 */
final class InfluxdOracle implements AutoCloseable {

    static final String DATABASE = "bucketry";

    private final Process process;
    private final Path dir;
    final String base;
    private final HttpClient client = HttpClient.newHttpClient();

    private InfluxdOracle(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.base = "http://127.0.0.1:" + port;
    }

    /** Null when influxd can run here, else why not. */
    static String unavailable() {
        try {
            Process which = new ProcessBuilder("sh", "-c", "command -v influxd").redirectErrorStream(true).start();
            return which.waitFor(10, TimeUnit.SECONDS) && which.exitValue() == 0 ? null
                    : "influxd (Debian package influxdb, 1.6.7) is not installed";
        } catch (IOException | InterruptedException e) {
            return "cannot look for influxd: " + e.getMessage();
        }
    }

    /** Starts influxd, waits for its /ping and creates the database {@value #DATABASE}. */
    static InfluxdOracle start() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("influxd");
        int http = freePort();
        int rpc = freePort();
        Files.writeString(dir.resolve("influxd.conf"), String.join("\n",
                "reporting-disabled = true",
                "bind-address = \"127.0.0.1:" + rpc + "\"",
                "[meta]", "  dir = \"" + dir.resolve("meta") + "\"",
                "[data]", "  dir = \"" + dir.resolve("data") + "\"", "  wal-dir = \"" + dir.resolve("wal") + "\"",
                "  query-log-enabled = false",
                "[http]", "  bind-address = \"127.0.0.1:" + http + "\"", "  log-enabled = false",
                "[monitor]", "  store-enabled = false",
                "[continuous_queries]", "  enabled = false", ""));
        Process process = new ProcessBuilder("influxd", "-config", dir.resolve("influxd.conf").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("influxd.log").toFile()).start();
        InfluxdOracle oracle = new InfluxdOracle(process, dir, http);
        oracle.awaitPing();
        oracle.post("/query", "q=" + URLEncoder.encode("CREATE DATABASE " + DATABASE, StandardCharsets.UTF_8),
                "application/x-www-form-urlencoded");
        return oracle;
    }

    private void awaitPing() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                if (client.send(HttpRequest.newBuilder(URI.create(base + "/ping")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 204) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            if (!process.isAlive()) {
                throw new IOException("influxd exited: " + Files.readString(dir.resolve("influxd.log")));
            }
            Thread.sleep(100);
        }
        throw new IOException("influxd did not answer /ping within 30 s");
    }

    HttpResponse<String> post(String path, String body, String contentType) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
