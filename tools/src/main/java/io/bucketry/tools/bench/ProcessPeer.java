package io.bucketry.tools.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/** A peer system run as a {@link LocalProcess} with HTTP on one port of 127.0.0.1, taking line protocol at {@code /write}. */
abstract class ProcessPeer implements PeerServer {

    private static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(5);

    protected final LocalProcess process;
    protected final HttpClient client = HttpClient.newHttpClient();
    private final int port;
    private final String label;

    ProcessPeer(LocalProcess process, int port, String label) {
        this.process = process;
        this.port = port;
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public URI writeUri() {
        return uri("/write?precision=ms");
    }

    /** 204 once the batch is taken; no counts are reported (a rewritten point is not told apart), so every line counts as accepted. */
    @Override
    public Answer writeAnswer() {
        return Answer.influx();
    }

    /** One look at what a server holds: the readings it counts, or fewer than expected while it is not settled. */
    @FunctionalInterface
    interface Count {
        long now() throws IOException, InterruptedException;
    }

    /** Looks every 200 ms until {@code count} reaches {@code expected} or 5 minutes passed; the last count. */
    static long awaitCount(Count count, long expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        long seen = count.now();
        while (seen < expected && System.nanoTime() < deadline) {
            Thread.sleep(200);
            seen = count.now();
        }
        return seen;
    }

    /** The URL of {@code pathAndQuery} on its port. */
    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.close();
    }
}
