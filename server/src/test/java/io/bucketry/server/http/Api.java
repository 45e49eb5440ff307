package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A test client of the HTTP API over a real socket (java.net.http). */
public final class Api {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    public Api(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** One answer: status and the body parsed as JSON. */
    public record Answer(int status, JsonNode json, String contentType) {
        public String error() {
            return json.path("error").asText();
        }
    }

    public Answer get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    public Answer delete(String path) {
        return send(HttpRequest.newBuilder(uri(path)).DELETE());
    }

    public Answer post(String path, String body) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** {@code body} posted as {@code contentType}, with any further {@code headers} (name, value, …). */
    public Answer post(String path, String contentType, byte[] body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        return send(headers.length == 0 ? request : request.headers(headers));
    }

    static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = client.send(request.timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode json = response.body().isEmpty() ? JSON.missingNode() : JSON.readTree(response.body());
            return new Answer(response.statusCode(), json,
                    response.headers().firstValue("Content-Type").orElse(""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
