package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;

/** A real server over the in-memory backend on the system clock (line-protocol "now" is the server's), with raw HTTP helpers. */
final class LineServer implements AutoCloseable {

    static final int MAX_BODY = 64 * 1024;
    static final int MAX_BATCH = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    final Bucketry bucketry;
    final ApiServer server;
    final String base;
    private final HttpClient client = HttpClient.newHttpClient();

    LineServer() {
        this(Clock.systemUTC());
    }

    /** A server whose use cases, and line-protocol "now", take time from {@code clock}. */
    LineServer(Clock clock) {
        bucketry = Bucketry.start(BucketryConfig.builder().maxBatchSize(MAX_BATCH).build(), clock);
        server = ApiServer.start(bucketry, LocalServer.builder().maxBodySize(MAX_BODY).build());
        base = "http://127.0.0.1:" + server.port();
    }

    /** One answer: status, headers and the body (JSON parsed when there is one). */
    record Answer(int status, HttpResponse<String> response) {
        JsonNode json() throws IOException {
            return JSON.readTree(response.body());
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }
    }

    Answer post(String path, byte[] body, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(request);
    }

    Answer send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response);
    }

    @Override
    public void close() {
        server.close();
        bucketry.close();
    }
}
