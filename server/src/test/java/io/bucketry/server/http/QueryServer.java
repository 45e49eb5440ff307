package io.bucketry.server.http;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.lineprotocol.SeriesIdRule;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

/**
 * A server over the in-memory backend whose line-protocol series ids keep tag keys ({@code pairs}), so that
 * InfluxQL can read measurement and tags back, with helpers to write lines and ask {@code /query}.
 */
final class QueryServer implements AutoCloseable {

    final Bucketry bucketry;
    final ApiServer server;
    final String base;
    private final HttpClient client = HttpClient.newHttpClient();

    QueryServer() {
        this(BucketryConfig.builder().build());
    }

    QueryServer(BucketryConfig config) {
        this(config, LocalServer.builder());
    }

    QueryServer(BucketryConfig config, ServerConfig.Builder server) {
        this(config, server.lineProtocolSeriesId(SeriesIdRule.PAIRS), true);
    }

    /** With {@code server}'s settings as given (its series id rule included). */
    QueryServer(BucketryConfig config, ServerConfig.Builder server, boolean asGiven) {
        bucketry = Bucketry.start(config, Clock.systemUTC());
        this.server = ApiServer.start(bucketry, server.build());
        base = "http://127.0.0.1:" + this.server.port();
    }

    /** Writes line protocol at millisecond precision to {@code base}'s {@code /write}; the answer's status. */
    static int write(HttpClient client, String base, String lines) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(base + "/write?db=" + InfluxdOracle.DATABASE + "&precision=ms"))
                .POST(HttpRequest.BodyPublishers.ofString(lines)).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    int write(String lines) throws IOException, InterruptedException {
        return write(client, base, lines);
    }

    /** {@code GET /query} of {@code base} with the given parameters (name, value, …), values URL-encoded. */
    static HttpResponse<String> query(HttpClient client, String base, String... params)
            throws IOException, InterruptedException {
        StringBuilder url = new StringBuilder(base).append("/query");
        for (int i = 0; i < params.length; i += 2) {
            url.append(i == 0 ? '?' : '&').append(params[i]).append('=')
                    .append(URLEncoder.encode(params[i + 1], StandardCharsets.UTF_8));
        }
        return client.send(HttpRequest.newBuilder(URI.create(url.toString())).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> query(String... params) throws IOException, InterruptedException {
        return query(client, base, params);
    }

    /** {@code POST /query} with {@code form} as an urlencoded body and the given headers (name, value, …). */
    HttpResponse<String> post(String form, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/query")).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        server.close();
        bucketry.close();
    }
}
