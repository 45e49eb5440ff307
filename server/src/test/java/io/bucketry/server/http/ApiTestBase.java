package io.bucketry.server.http;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Starts a real server on a free port over the in-memory backend, with a fixed clock, small limits
 * (body 64 KB, batch 50, 1000 windows, page size 3) and helpers. Tests keep apart by fresh series ids.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ApiTestBase {

    static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");
    static final int MAX_BODY = 64 * 1024;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    Bucketry bucketry;
    ApiServer server;
    Api api;

    @BeforeAll
    void startServer() {
        BucketryConfig config = BucketryConfig.builder().maxBatchSize(50)
                .maxWindows(1000).pageSize(3).build();
        bucketry = Bucketry.start(config, Clock.fixed(NOW, ZoneOffset.UTC));
        server = ApiServer.start(bucketry, LocalServer.builder().maxBodySize(MAX_BODY).build());
        api = new Api(server.port());
    }

    @AfterAll
    void stopServer() {
        server.close();
        bucketry.close();
    }

    /** {@code GET path} with {@code headers} (name, value, …), the answer's bytes as sent (no decoding). */
    HttpResponse<byte[]> getBytes(String path, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static String newSeries() {
        return "sensor-" + UUID.randomUUID();
    }

    static String reading(String series, String time, String fields) {
        return "{\"series\":\"" + series + "\",\"time\":" + time + ",\"fields\":" + fields + "}";
    }

    /** Stores readings one minute apart from 23:00 with temperature 20, 21, … and status OK. */
    void storeMinutes(String series, int count) {
        List<String> readings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Instant time = Instant.parse("2026-07-21T23:00:00Z").plusSeconds(60L * i);
            readings.add(reading(series, "\"" + time + "\"", "{\"temperature\":" + (20 + i) + ",\"status\":\"OK\"}"));
        }
        Api.Answer answer = api.post("/v1/readings", "[" + String.join(",", readings) + "]");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(count);
    }
}
