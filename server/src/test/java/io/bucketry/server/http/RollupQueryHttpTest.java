package io.bucketry.server.http;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.RollupsText;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** Aggregates served from rollup tiers past the raw retention, and what they cannot answer refused as 400 JSON. */
class RollupQueryHttpTest {

    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");

    @Test
    void pastRetentionHourlyWindowsComeFromTheTiersAndSevenMinuteWindowsAreRefused() {
        AtomicReference<Instant> now = new AtomicReference<>(NOW);
        Clock clock = new Clock() {
            @Override public Instant instant() { return now.get(); }
            @Override public ZoneId getZone() { return ZoneOffset.UTC; }
            @Override public Clock withZone(ZoneId zone) { throw new UnsupportedOperationException(); }
        };
        BucketryConfig config = BucketryConfig.builder().retention(Duration.ofDays(1))
                .rollups(RollupsText.parse("1h:30d")).build();
        try (Bucketry bucketry = Bucketry.start(config, clock); ApiServer server = ApiServer.start(bucketry, LocalServer.config())) {
            Api api = new Api(server.port());
            String body = "[{\"series\":\"s-1\",\"time\":\"2026-07-21T22:10:00Z\",\"fields\":{\"temp\":1.5}},"
                    + "{\"series\":\"s-1\",\"time\":\"2026-07-21T22:50:00Z\",\"fields\":{\"temp\":2.5}}]";
            Api.Answer stored = api.post("/v1/readings", body);
            assertThat(stored.status()).isEqualTo(200);
            assertThat(stored.json().get("accepted").asInt()).isEqualTo(2);
            now.set(NOW.plus(Duration.ofDays(3)));   // the readings are past the raw retention of 1 day
            bucketry.useCases().reclaim().reclaim();

            Api.Answer hourly = api.get("/v1/series/s-1/aggregates?from=2026-07-21T00:00:00Z&to=2026-07-22T00:00:00Z&window=1h");
            assertThat(hourly.status()).isEqualTo(200);
            assertThat(hourly.json()).hasSize(1);
            assertThat(hourly.json().get(0).get("count").asInt()).isEqualTo(2);
            assertThat(hourly.json().get(0).get("fields").get("temp").get("sum").asDouble()).isEqualTo(4.0);

            Api.Answer refused = api.get("/v1/aggregates?from=2026-07-21T00:00:00Z&to=2026-07-22T00:00:00Z&window=7m");
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.contentType()).startsWith("application/json");
            assertThat(refused.json().get("error").asText()).isEqualTo("NOT_IN_ROLLUPS");
            assertThat(refused.json().get("message").asText()).contains("7m windows cannot be computed")
                    .contains("kept only as rollups of 1h windows");
        }
    }

    @Test
    void aggregatesWithoutFromOrWithAFillAnswerThoughTheClockMovesDuringTheRequest() {
        // given: a clock a millisecond later at every read, tiers of 1h and 1d, one reading three hours ago
        AtomicLong millis = new AtomicLong(NOW.toEpochMilli());
        Clock ticking = new Clock() {
            @Override public Instant instant() { return Instant.ofEpochMilli(millis.getAndIncrement()); }
            @Override public ZoneId getZone() { return ZoneOffset.UTC; }
            @Override public Clock withZone(ZoneId zone) { throw new UnsupportedOperationException(); }
        };
        BucketryConfig config = BucketryConfig.builder().rollups(RollupsText.parse("1h:2y,1d:10y")).build();
        try (Bucketry bucketry = Bucketry.start(config, ticking); ApiServer server = ApiServer.start(bucketry, LocalServer.config())) {
            Api api = new Api(server.port());
            Api.Answer stored = api.post("/v1/readings",
                    "[{\"series\":\"s1\",\"time\":\"2026-07-21T20:30:00Z\",\"fields\":{\"temp\":1.5}}]");
            assertThat(stored.json().get("accepted").asInt()).isEqualTo(1);

            // when / then: each request sees one instant, so its range and its choice of sources agree
            for (String query : List.of("window=7m", "window=1h",
                    "window=1h&from=2026-07-20T23:00:00Z&to=2026-07-21T00:00:00Z&fill=linear",
                    "window=1h&from=2026-07-20T23:00:00Z&to=2026-07-21T00:00:00Z&fill=previous")) {
                Api.Answer answer = api.get("/v1/series/s1/aggregates?" + query);
                assertThat(answer.status()).as(query + ": " + answer.json()).isEqualTo(200);
                assertThat(answer.json()).as(query).hasSize(1);
            }
        }
    }
}
