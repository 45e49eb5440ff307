package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.http.ApiServer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * What {@code bucketry serve} runs, started in this JVM so that its heap can be measured: the
 * configured Bucketry and its HTTP API on a free port of 127.0.0.1. Closing stops both.
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

    /** The URL of {@code pathAndQuery} on this server. */
    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + server.port() + pathAndQuery);
    }

    /** {@code GET /v1/stats}, as the service answers it. */
    JsonNode stats(ObjectMapper mapper) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri("/v1/stats")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET /v1/stats answered " + response.statusCode());
        }
        return mapper.readTree(response.body());
    }

    @Override
    public void close() {
        try (bucketry) {
            server.close();
        }
    }
}
