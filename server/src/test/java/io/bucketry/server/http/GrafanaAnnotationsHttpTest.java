package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** POST /grafana/annotations: the changes of a text field as Grafana annotations. */
class GrafanaAnnotationsHttpTest extends ApiTestBase {

    /** SimpleJson's README, "Annotation API", the request body as documented. */
    static final String DOCUMENTED_ANNOTATIONS = """
            {
              "range": {
                "from": "2016-04-15T13:44:39.070Z",
                "to": "2016-04-15T14:44:39.070Z"
              },
              "rangeRaw": {
                "from": "now-1h",
                "to": "now"
              },
              "annotation": {
                "name": "deploy",
                "datasource": "Simple JSON Datasource",
                "iconColor": "rgba(255, 96, 96, 1)",
                "enable": true,
                "query": "#deploy"
              }
            }
            """;

    private static String documented(String from, String to, String query) {
        return DOCUMENTED_ANNOTATIONS.replace("2016-04-15T13:44:39.070Z", from)
                .replace("2016-04-15T14:44:39.070Z", to).replace("#deploy", query);
    }

    @Test
    void eachChangeOfTheTextFieldInTheRangeIsOneAnnotation() {
        // given: status OK, OK, WARN, (a reading without status), WARN, OK, and a WARN after the range
        String series = newSeries();
        String[] statuses = {"OK", "OK", "WARN", null, "WARN", "OK", "WARN"};
        List<String> readings = new ArrayList<>();
        for (int i = 0; i < statuses.length; i++) {
            String fields = statuses[i] == null ? "{\"temperature\":1}" : "{\"status\":\"" + statuses[i] + "\"}";
            readings.add(reading(series, "\"2026-07-21T23:0" + i + ":00Z\"", fields));
        }
        api.post("/v1/readings", "[" + String.join(",", readings) + "]");

        // when: [23:00, 23:06)
        Answer answer = api.post("/grafana/annotations", documented("2026-07-21T23:00:00Z", "2026-07-21T23:06:00Z",
                series + ":status"));

        // then: OK -> WARN at 23:02, WARN -> OK at 23:05; the original annotation is echoed
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        assertThat(answer.json().size()).isEqualTo(2);
        JsonNode warn = answer.json().get(0);
        JsonNode ok = answer.json().get(1);
        assertThat(warn.get("time").asLong()).isEqualTo(Instant.parse("2026-07-21T23:02:00Z").toEpochMilli());
        assertThat(warn.get("title").asText()).isEqualTo("status: OK → WARN");
        assertThat(warn.get("text").asText()).contains(series).contains("from OK to WARN");
        assertThat(warn.get("annotation").get("name").asText()).isEqualTo("deploy");
        assertThat(texts(warn.get("tags"))).containsExactly(series, "status", "WARN");
        assertThat(ok.get("time").asLong()).isEqualTo(Instant.parse("2026-07-21T23:05:00Z").toEpochMilli());
        assertThat(ok.get("title").asText()).isEqualTo("status: WARN → OK");
    }

    @Test
    void readingTheRangeInSmallChunksFindsTheSameChangesAsABruteForceScan() throws Exception {
        // given: 120 random statuses, one a second
        long seed = System.nanoTime();
        Random random = new Random(seed);
        String series = newSeries();
        Instant start = Instant.parse("2026-07-21T22:00:00Z");
        List<String> readings = new ArrayList<>();
        List<Long> changes = new ArrayList<>();
        String previous = null;
        for (int i = 0; i < 120; i++) {
            String status = random.nextInt(3) == 0 ? "WARN" : "OK";
            readings.add(reading(series, "\"" + start.plusSeconds(i) + "\"", "{\"status\":\"" + status + "\"}"));
            if (previous != null && !previous.equals(status)) {
                changes.add(start.plusSeconds(i).toEpochMilli());
            }
            previous = status;
            if (readings.size() == 50 || i == 119) {
                api.post("/v1/readings", "[" + String.join(",", readings) + "]");
                readings.clear();
            }
        }
        JsonNode body = new ObjectMapper().readTree(documented(start.toString(), start.plusSeconds(120).toString(),
                series + ":status"));

        // when: chunks of 7 readings, and the route's own chunks
        List<Long> chunked = new ArrayList<>();
        new GrafanaAnnotations(bucketry.useCases(), 7, 1000, 1000).of(body).forEach(a -> chunked.add((Long) a.get("time")));
        List<Long> routed = new ArrayList<>();
        api.post("/grafana/annotations", body.toString()).json().forEach(a -> routed.add(a.get("time").asLong()));

        // then
        assertThat(chunked).as("seed " + seed).isEqualTo(changes);
        assertThat(routed).as("seed " + seed).isEqualTo(changes);
    }

    @Test
    void moreChangesOrReadingsThanTheLimitsAskForANarrowerRange() throws Exception {
        // given: 30 readings, one a second, alternating OK and WARN (29 changes)
        String series = newSeries();
        Instant start = Instant.parse("2026-07-21T21:00:00Z");
        List<String> readings = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            readings.add(reading(series, "\"" + start.plusSeconds(i) + "\"", "{\"status\":\"" + (i % 2 == 0 ? "OK" : "WARN") + "\"}"));
        }
        api.post("/v1/readings", "[" + String.join(",", readings) + "]");
        JsonNode body = new ObjectMapper().readTree(documented(start.toString(), start.plusSeconds(30).toString(),
                series + ":status"));

        // then: 29 changes fit a limit of 29, not of 28; 30 readings fit chunks of 7 up to 35, not 28
        assertThat(new GrafanaAnnotations(bucketry.useCases(), 7, 35, 29).of(body)).hasSize(29);
        assertThatThrownBy(() -> new GrafanaAnnotations(bucketry.useCases(), 7, 35, 28).of(body))
                .isInstanceOf(ApiException.class).hasMessageContaining("more than 28 changes");
        assertThatThrownBy(() -> new GrafanaAnnotations(bucketry.useCases(), 7, 28, 100).of(body))
                .isInstanceOf(ApiException.class).hasMessageContaining("at least 28 readings")
                .extracting(e -> ((ApiException) e).code()).isEqualTo("TOO_MANY_ANNOTATIONS");
    }

    @Test
    void anAnnotationQueryThatNamesNoFieldIsRefused() {
        Answer documented = api.post("/grafana/annotations", DOCUMENTED_ANNOTATIONS);
        Answer noQuery = api.post("/grafana/annotations", "{\"range\":{\"from\":0,\"to\":1},\"annotation\":{}}");
        Answer noRange = api.post("/grafana/annotations", "{\"annotation\":{\"query\":\"s:status\"}}");

        assertThat(documented.status()).isEqualTo(400);
        assertThat(documented.error()).isEqualTo("INVALID_TARGET");
        assertThat(documented.json().get("message").asText()).contains("#deploy");
        assertThat(noQuery.error()).isEqualTo("INVALID_TARGET");
        assertThat(noRange.error()).isEqualTo("INVALID_RANGE");
    }

    private static List<String> texts(JsonNode nodes) {
        List<String> texts = new ArrayList<>();
        nodes.forEach(n -> texts.add(n.asText()));
        return texts;
    }
}
