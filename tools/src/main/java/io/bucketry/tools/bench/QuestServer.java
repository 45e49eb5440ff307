package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * A throwaway QuestDB ({@code org.questdb:questdb}'s {@code io.questdb.ServerMain -d DIR}) in its own
 * JVM, with only its HTTP server, on 127.0.0.1 (no PostgreSQL wire, no TCP or UDP line protocol, no
 * telemetry). Line protocol is posted to its {@code /write} (ILP over HTTP), SQL asked at
 * {@code /exec}. Writes go through its WAL and are applied to the table in the background: settled
 * means every row counted and the WAL applied; at rest means a clean stop, after which the table's
 * files (its WAL left out) are measured.
 */
final class QuestServer extends ProcessPeer {

    private QuestServer(LocalProcess process, int port, String version) {
        super(process, port, "questdb " + version);
    }

    /** Starts QuestDB from {@code jar} (its Maven Central artifact) on this JVM's java. */
    static QuestServer start(Path jar, String version) throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no QuestDB jar at " + jar + "; fetch it with mvn dependency:get "
                    + "-Dartifact=org.questdb:questdb:" + version + ", or give its path with --questdb-jar");
        }
        Path dir = LocalProcess.directory("questdb");
        int port = LocalProcess.freePort();
        Files.createDirectories(dir.resolve("root/conf"));
        Files.writeString(dir.resolve("root/conf/server.conf"), String.join("\n",
                "http.bind.to=127.0.0.1:" + port, "http.min.enabled=false", "pg.enabled=false", "line.tcp.enabled=false",
                "line.udp.enabled=false", "telemetry.enabled=false", ""));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        LocalProcess process = LocalProcess.start("questdb", dir, List.of(java, "-XX:-UseDynamicNumberOfCompilerThreads", "-cp", jar.toString(),
                "io.questdb.ServerMain", "-d", dir.resolve("root").toString()), "check the java of this JVM");
        try {
            process.awaitAnswer(URI.create("http://127.0.0.1:" + port + "/exec?query=SELECT%201"), 200);
            return new QuestServer(process, port, version);
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
    }

    @Override
    public Dialect dialect() {
        return new QuestDialect(this::uri);
    }

    /** Waits until the table counts every row and its WAL is applied (writerTxn = sequencerTxn). */
    @Override
    public long settle(long expected) throws IOException, InterruptedException {
        return awaitCount(() -> {
            long count = sql("SELECT count() FROM " + Encodings.MEASUREMENT).path(0).path(0).asLong();
            JsonNode wal = sql("SELECT writerTxn, sequencerTxn FROM wal_tables() WHERE name = '" + Encodings.MEASUREMENT + "'").path(0);
            return wal.path(0).asLong() == wal.path(1).asLong() ? count : Math.min(count, expected - 1);
        }, expected);
    }

    private JsonNode sql(String statement) throws IOException, InterruptedException {
        return Dialect.JSON.readTree(Dialect.get(client, uri("/exec?query=" + Dialect.encode(statement)))).path("dataset");
    }

    /** A clean stop (QuestDB truncates its preallocated column files then), then du of the table's directory without its WAL. */
    @Override
    public AtRest rest(long stored) throws IOException, InterruptedException {
        Duration cpu = ProcessCpu.of(pid());
        process.stop();
        Path table;
        try (Stream<Path> tables = Files.list(process.directory().resolve("root/db"))) {
            table = tables.filter(p -> p.getFileName().toString().startsWith(Encodings.MEASUREMENT + "~")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("QuestDB has no table directory of '" + Encodings.MEASUREMENT + "'"));
        }
        long bytes = DiskUsage.allocated(table, "wal*");
        return new AtRest(cpu, List.of(new PeerResult.Cost("table on disk", (double) bytes / stored,
                "du of the table's directory (partitions, symbol files, metadata; its WAL left out) after a clean stop")));
    }
}
