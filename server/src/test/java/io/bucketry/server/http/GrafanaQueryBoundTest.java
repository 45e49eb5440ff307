package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36 item 2 as reported: a 2.3 KB query of 100 targets at {@code intervalMs: 1} over 100,000
 * readings answered 5,000,000 points (109 MB); with the default bound it answers at most
 * {@code maxWindows} (100,000) points in all, and the server stays healthy.
 */
class GrafanaQueryBoundTest {

    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");
    private static final Instant FROM = NOW.minusSeconds(10_000);

    @Test
    void aQueryOfHundredTargetsAtOneMillisecondAnswersAtMostMaxWindowsPoints() {
        // given the default configuration and 100,000 readings of one series, one every 100 ms
        try (Bucketry bucketry = Bucketry.start(BucketryConfig.builder().build(), Clock.fixed(NOW, ZoneOffset.UTC));
             ApiServer server = ApiServer.start(bucketry, LocalServer.builder().build())) {
            List<ReadingInput> readings = new ArrayList<>();
            for (int i = 0; i < 100_000; i++) {
                readings.add(ReadingInput.of("grafana-flood", FROM.plusMillis(100L * i), Map.of("v", (double) i)));
            }
            assertThat(bucketry.useCases().ingest().ingest(readings).accepted()).isEqualTo(100_000);
            Api api = new Api(server.port());

            // when 100 targets ask 50,000 points each at intervalMs 1
            StringBuilder targets = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                targets.append(i == 0 ? "" : ",").append("{\"target\":\"grafana-flood:v\",\"refId\":\"T").append(i).append("\"}");
            }
            Answer answer = api.post("/grafana/query", "{\"range\":{\"from\":\"" + FROM + "\",\"to\":\"" + NOW + "\"},"
                    + "\"intervalMs\":1,\"maxDataPoints\":50000,\"targets\":[" + targets + "]}");

            // then every target is answered within its share: 1000 points, 100,000 in all (not 5,000,000)
            assertThat(answer.status()).isEqualTo(200);
            long points = 0;
            for (JsonNode target : answer.json()) {
                assertThat(target.get("datapoints").size()).isLessThanOrEqualTo(1000);
                points += target.get("datapoints").size();
            }
            assertThat(points).isLessThanOrEqualTo(ApplicationSettings.DEFAULT_MAX_WINDOWS);
            assertThat(api.get("/health").json().path("status").asText()).isEqualTo("UP");
        }
    }
}
