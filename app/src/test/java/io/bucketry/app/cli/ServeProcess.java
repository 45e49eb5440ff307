package io.bucketry.app.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code bucketry serve} in its own JVM (this test classpath), with stderr in a file; closing kills it. */
public final class ServeProcess implements AutoCloseable {

    private static final Pattern SERVING = Pattern.compile("serving backend (\\S+) on http://127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path stderr;
    private final int port;
    private final String backend;

    private ServeProcess(Process process, Path stderr) throws InterruptedException {
        this.process = process;
        this.stderr = stderr;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher matcher = SERVING.matcher(stderr());
            if (matcher.find()) {
                this.backend = matcher.group(1);
                this.port = Integer.parseInt(matcher.group(2));
                return;
            }
            if (!process.isAlive()) {
                break;
            }
            Thread.sleep(50);
        }
        process.destroyForcibly();
        throw new AssertionError("serve did not report its port:\n" + stderr());
    }

    /** Starts {@code serve --port 0 <args>} and waits until it reports the port it serves on. */
    public static ServeProcess start(Path dir, String... args) throws IOException, InterruptedException {
        return start(dir, List.of(), args);
    }

    /** As {@link #start(Path, String...)}, the JVM started with {@code jvmOptions} (e.g. {@code -Xmx256m}). */
    public static ServeProcess start(Path dir, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        Path stderr = dir.resolve("stderr.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), BucketryCommand.class.getName(),
                "serve", "--port", "0"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return new ServeProcess(process, stderr);
    }

    public int port() {
        return port;
    }

    /** The backend named in the "serving backend …" line. */
    public String backend() {
        return backend;
    }

    /** Everything the process has written to stderr so far. */
    public String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True while the process runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Sends SIGTERM; true when the process ended within 30 seconds. */
    public boolean stop() throws InterruptedException {
        process.destroy();
        return process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
