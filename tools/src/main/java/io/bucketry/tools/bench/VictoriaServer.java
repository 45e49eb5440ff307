package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A throwaway VictoriaMetrics (Debian package {@code victoria-metrics}) with {@code -storageDataPath}
 * in a temporary directory, HTTP on 127.0.0.1 only, and no latency offset (queries see the newest
 * samples). Line protocol is posted to its {@code /write}. At rest means {@code /internal/force_flush},
 * {@code /internal/force_merge}, a size unchanged for a few seconds and a clean stop: what is measured
 * is the whole storage directory (data and index).
 */
final class VictoriaServer extends ProcessPeer {

    private VictoriaServer(LocalProcess process, int port, String version) {
        super(process, port, "victoriametrics " + version);
    }

    /** Starts {@code binary} (a path or a name on PATH). */
    static VictoriaServer start(String binary) throws IOException, InterruptedException {
        Path dir = LocalProcess.directory("victoria-metrics");
        int port = LocalProcess.freePort();
        LocalProcess process = LocalProcess.start("victoria-metrics", dir, List.of(binary,
                "-storageDataPath", dir.resolve("data").toString(), "-httpListenAddr", "127.0.0.1:" + port,
                "-search.latencyOffset", "0s"), "install it with apt-get install -y victoria-metrics, or give its path with --victoria-metrics");
        try {
            process.awaitAnswer(URI.create("http://127.0.0.1:" + port + "/health"), 200);
            String metrics = process.awaitAnswer(URI.create("http://127.0.0.1:" + port + "/metrics"), 200).body();
            return new VictoriaServer(process, port, versionIn(metrics));
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    /**
     * The {@code short_version} label of its {@code vm_app_version} metric; Debian's build leaves it empty,
     * so then the version of the installed package, or "?".
     */
    static String versionIn(String metrics) throws IOException, InterruptedException {
        int at = metrics.indexOf("short_version=\"");
        String label = at < 0 ? "" : metrics.substring(at + 15, metrics.indexOf('"', at + 15));
        if (!label.isBlank()) {
            return label;
        }
        Process dpkg = new ProcessBuilder("dpkg-query", "-W", "-f=${Version}", "victoria-metrics").start();
        String version = new String(dpkg.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return dpkg.waitFor() == 0 && !version.isEmpty() ? version + " (Debian package)" : "?";
    }

    @Override
    public Dialect dialect() {
        return new VictoriaDialect(this::uri);
    }

    /** Flushes its buffers, then counts the temperature samples until all are there. */
    @Override
    public long settle(long expected) throws IOException, InterruptedException {
        return awaitCount(() -> {
            Dialect.get(client, uri("/internal/force_flush"));
            return count();
        }, expected);
    }

    private long count() throws IOException, InterruptedException {
        JsonNode result = Dialect.JSON.readTree(Dialect.get(client, uri("/api/v1/query?query="
                + Dialect.encode("sum(count_over_time(" + Encodings.MEASUREMENT + "_temperature[30d]))")))).path("data").path("result");
        return result.isEmpty() ? 0 : result.path(0).path("value").path(1).asLong();
    }

    @Override
    public AtRest rest(long stored) throws IOException, InterruptedException {
        Dialect.get(client, uri("/internal/force_flush"));
        Dialect.get(client, uri("/internal/force_merge"));
        Path data = process.directory().resolve("data");
        long size = DiskUsage.allocated(data);
        for (long previous = -1; size != previous; ) {   // a forced merge runs in the background
            Thread.sleep(3000);
            previous = size;
            size = DiskUsage.allocated(data);
        }
        Duration cpu = ProcessCpu.of(pid());
        process.stop();
        long bytes = DiskUsage.allocated(data);
        return new AtRest(cpu, List.of(new PeerResult.Cost("storage on disk", (double) bytes / stored,
                "du of -storageDataPath (data and indexdb) after force_flush, force_merge and a clean stop; "
                        + "the text field is kept as the number 0")));
    }
}
