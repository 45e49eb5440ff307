package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /metrics} after known requests: ingest outcomes, latency per route template, store operations, gauges, JVM. */
class MetricsHttpTest {

    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");
    private static final String READINGS_ROUTE = "/v1/series/{id}/readings";

    private Bucketry bucketry;
    private ApiServer server;
    private Api api;

    @BeforeEach
    void start() {
        bucketry = Bucketry.start(BucketryConfig.builder().build(), Clock.fixed(NOW, ZoneOffset.UTC));
        server = ApiServer.start(bucketry, LocalServer.config());
        api = new Api(server.port());
    }

    @AfterEach
    void stop() {
        server.close();
        bucketry.close();
    }

    @Test
    void theCountersLatenciesAndGaugesTellWhatTheRequestsDid() throws InterruptedException {
        // given: 3 readings stored, 1 duplicate of the first, 2 refused (a space in a series id, a time 1 day ahead)
        String a = "a-" + UUID.randomUUID();
        String b = "b-" + UUID.randomUUID();
        Api.Answer ingest = api.post("/v1/readings", "[" + String.join(",",
                reading(a, "2026-07-21T23:00:00Z", 1), reading(a, "2026-07-21T23:01:00Z", 2),
                reading(b, "2026-07-21T23:00:00Z", 3), reading(a, "2026-07-21T23:00:00Z", 9),
                reading("a b", "2026-07-21T23:00:00Z", 4), reading(a, "2026-07-22T23:30:00Z", 5)) + "]");
        assertThat(ingest.json().get("accepted").asInt()).as(ingest.json().toString()).isEqualTo(3);
        assertThat(ingest.json().get("duplicates").asInt()).isEqualTo(1);
        assertThat(ingest.json().get("rejected")).extracting(r -> r.get("reason").asText())
                .containsExactlyInAnyOrder("INVALID_SERIES", "FUTURE");

        // when: two series read through one route, the statistics, and a path no route has
        assertThat(api.get("/v1/series/" + a + "/readings").status()).isEqualTo(200);
        assertThat(api.get("/v1/series/" + b + "/readings").status()).isEqualTo(200);
        JsonNode stats = api.get("/v1/stats").json();
        assertThat(api.get("/no/such/" + a).status()).isEqualTo(404);
        Scrape scrape = Scrape.until(server.port(), s -> requests(s, "GET", RequestLog.UNMATCHED, 404) >= 1);

        // then: the ingest counters
        assertThat(scrape.contentType()).startsWith("text/plain").contains("version=0.0.4");
        assertThat(scrape.value("bucketry_readings_accepted_total", Map.of())).isEqualTo(3);
        assertThat(scrape.value("bucketry_readings_duplicates_total", Map.of())).isEqualTo(1);
        assertThat(scrape.value("bucketry_readings_rejected_total", Map.of("reason", "INVALID_SERIES"))).isEqualTo(1);
        assertThat(scrape.value("bucketry_readings_rejected_total", Map.of("reason", "FUTURE"))).isEqualTo(1);
        assertThat(scrape.named("bucketry_readings_rejected_total", Map.of())).hasSize(2);

        // and: latency per route template and status, the two series under one label
        assertThat(requests(scrape, "POST", "/v1/readings", 200)).isEqualTo(1);
        assertThat(requests(scrape, "GET", READINGS_ROUTE, 200)).isEqualTo(2);
        assertThat(requests(scrape, "GET", "/v1/stats", 200)).isEqualTo(1);
        assertThat(requests(scrape, "GET", RequestLog.UNMATCHED, 404)).isEqualTo(1);
        Map<String, String> readings = Map.of("method", "GET", "route", READINGS_ROUTE, "status", "200");
        assertThat(scrape.value("bucketry_http_requests_seconds_bucket", with(readings, "le", "+Inf"))).isEqualTo(2);
        assertThat(scrape.named("bucketry_http_requests_seconds_bucket", readings)).hasSizeGreaterThan(2);
        assertThat(scrape.value("bucketry_http_requests_seconds_sum", readings)).isPositive();
        assertThat(scrape.samples()).allSatisfy(s -> assertThat(String.valueOf(s.labels().get("route")))
                .doesNotContain(a).doesNotContain(b).doesNotContain("/no/such"));

        // and: the use case calls behind them
        assertThat(scrape.value("bucketry_store_operations_seconds_count", Map.of("operation", "ingest", "outcome", "ok")))
                .isEqualTo(1);
        assertThat(scrape.value("bucketry_store_operations_seconds_count", Map.of("operation", "read", "outcome", "ok")))
                .isEqualTo(2);
        assertThat(scrape.named("bucketry_store_errors_total", Map.of())).isEmpty();

        // and: what is stored, as /v1/stats says it, and the JVM
        assertThat(scrape.value("bucketry_stored_readings", Map.of())).isEqualTo(3).isEqualTo(stats.get("readings").asDouble());
        assertThat(scrape.value("bucketry_stored_series", Map.of())).isEqualTo(2).isEqualTo(stats.get("series").asDouble());
        assertThat(scrape.value("bucketry_stored_buckets", Map.of())).isEqualTo(stats.get("buckets").asDouble())
                .isPositive();
        assertThat(scrape.named("jvm_memory_used_bytes", Map.of("area", "heap"))).isNotEmpty()
                .anySatisfy(s -> assertThat(s.value()).isPositive());
        assertThat(scrape.named("jvm_gc_memory_allocated_bytes_total", Map.of())).hasSize(1);
    }

    @Test
    void theMetricsRouteAnswersLikeEveryOtherRoute() {
        Api.Answer post = api.post("/metrics", "[]");

        assertThat(post.status()).isEqualTo(405);
        assertThat(post.error()).isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(Scrape.of(server.port()).samples()).isNotEmpty();
    }

    static double requests(Scrape scrape, String method, String route, int status) {
        return scrape.valueOrZero("bucketry_http_requests_seconds_count",
                Map.of("method", method, "route", route, "status", Integer.toString(status)));
    }

    private static Map<String, String> with(Map<String, String> labels, String key, String value) {
        Map<String, String> all = new java.util.HashMap<>(labels);
        all.put(key, value);
        return all;
    }

    private static String reading(String series, String time, int value) {
        return "{\"series\":\"" + series + "\",\"time\":\"" + time + "\",\"fields\":{\"v\":" + value + "}}";
    }
}
