package io.bucketry.tools.bench;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
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
 * A peer's server run as its own process with everything under a temporary directory: its output
 * goes to {@code <name>.log} there; closing stops it (SIGTERM, then SIGKILL after a minute) and
 * deletes the directory.
 */
final class LocalProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final String name;
    private final Path dir;
    private final Process process;

    private LocalProcess(String name, Path dir, Process process) {
        this.name = name;
        this.dir = dir;
        this.process = process;
    }

    /** Runs {@code command} in {@code dir}; a program that cannot run fails naming it and {@code installHint}. */
    static LocalProcess start(String name, Path dir, List<String> command, String installHint) throws IOException {
        try {
            return new LocalProcess(name, dir, new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve(name + ".log").toFile()).start());
        } catch (IOException e) {
            delete(dir);
            throw new IllegalStateException("cannot run '" + command.get(0) + "' (" + e.getMessage() + "); " + installHint, e);
        }
    }

    /** A fresh temporary directory for a server named {@code name}. */
    static Path directory(String name) throws IOException {
        return Files.createTempDirectory("bucketry-bench-" + name);
    }

    /** A port of 127.0.0.1 free now. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    long pid() {
        return process.pid();
    }

    Path directory() {
        return dir;
    }

    /** Writes {@code line} to its standard input. */
    void send(String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** Whether it is still running. */
    boolean alive() {
        return process.isAlive();
    }

    /** Polls {@code probe} until it answers {@code status}: that answer; IllegalStateException with the log's tail if it never does. */
    HttpResponse<String> awaitAnswer(URI probe, int status) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + " at start: " + logTail());
            }
            try {
                HttpResponse<String> answer = client.send(HttpRequest.newBuilder(probe).build(), HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == status) {
                    return answer;
                }
            } catch (ConnectException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException(name + " did not answer " + probe + " within " + START_TIMEOUT.toSeconds() + " s: " + logTail());
    }

    /** The last lines of its output. */
    String logTail() throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve(name + ".log"));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
    }

    /** Stops it as an operator would (SIGTERM), so that it writes what it holds; SIGKILL after a minute. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stop();
        delete(dir);
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
