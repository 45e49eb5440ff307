package io.bucketry.tools.bench;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.simulate.HeapMeter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/**
 * The Bucketry server of {@code bench-peer}, run in its own JVM like every peer, so that its CPU time
 * is its own: {@code BucketryProcess <backend> <dir>} serves the backend on a free port of 127.0.0.1,
 * writes {@code <port> <heap>} to {@code dir/ready} (the heap used after full collections once started),
 * answers the line {@code heap} on its standard input by writing the heap used after full collections
 * to {@code dir/heap}, and stops at {@code stop} or at the end of its input.
 */
public final class BucketryProcess {

    /**
     * The logging configuration {@code serve} runs with (the command line's, a class-path resource of every jar that
     * has the command line), which the benchmark gives this process's JVM.
     */
    public static final String SERVE_LOGGING = "io/bucketry/app/cli/logback-cli.xml";

    private static final Duration NO_SWEEP = Duration.ofDays(3650);

    private BucketryProcess() {
    }

    public static void main(String[] args) throws IOException {
        Backend backend = Backend.parse(args[0]);
        Path dir = Path.of(args[1]);
        // The embedded server runs one write at a time, so a batch waits for the other clients' batches:
        // allow it longer than the default mongoTimeout of 10 s.
        BucketryConfig config = BucketryConfig.defaults().toBuilder().sweepInterval(NO_SWEEP).backend(backend)
                .embeddedMongo(backend == Backend.MONGO_BUCKET).mongoTimeout(Duration.ofMinutes(10)).build();
        try (BucketryServer server = BucketryServer.start(config)) {
            write(dir.resolve("ready"), server.port() + " " + HeapMeter.usedAfterGc());
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null && !line.equals("stop"); line = in.readLine()) {
                if (line.equals("heap")) {
                    write(dir.resolve("heap"), Long.toString(HeapMeter.usedAfterGc()));
                }
            }
        }
        System.exit(0);
    }

    /** Replaces {@code file} at once, so that a reader never sees it half written. */
    private static void write(Path file, String text) throws IOException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        Files.writeString(part, text);
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
