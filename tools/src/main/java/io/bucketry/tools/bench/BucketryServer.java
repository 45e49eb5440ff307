package io.bucketry.tools.bench;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.http.ApiServer;

import java.net.URI;

/**
 * What {@code bucketry serve} runs, in the JVM of {@link BucketryProcess} so that its heap can be
 * measured there: the configured Bucketry and its HTTP API on a free port of 127.0.0.1. Closing stops both.
 */
final class BucketryServer implements AutoCloseable {

    private final Bucketry bucketry;
    private final ApiServer server;

    private BucketryServer(Bucketry bucketry, ApiServer server) {
        this.bucketry = bucketry;
        this.server = server;
    }

    /** Starts {@code config} and serves it on a free port of 127.0.0.1. */
    static BucketryServer start(BucketryConfig config) {
        return start(config, ServerConfig.builder());
    }

    /** Starts {@code config} and serves it with {@code server}'s settings on a free port of 127.0.0.1. */
    static BucketryServer start(BucketryConfig config, ServerConfig.Builder server) {
        Bucketry bucketry = Bucketry.start(config);
        try {
            return new BucketryServer(bucketry, ApiServer.start(bucketry, server.port(0).bind("127.0.0.1").build()));
        } catch (RuntimeException e) {
            bucketry.close();
            throw e;
        }
    }

    /** The port it serves on. */
    int port() {
        return server.port();
    }

    /** {@code pathAndQuery} on this server. */
    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + server.port() + pathAndQuery);
    }

    @Override
    public void close() {
        try (bucketry) {
            server.close();
        }
    }
}
