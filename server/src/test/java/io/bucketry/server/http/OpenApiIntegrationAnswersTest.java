package io.bucketry.server.http;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real answers of the line-protocol and Grafana routes fit the schema the OpenAPI document gives
 * for their route, method and status, error codes included.
 */
class OpenApiIntegrationAnswersTest extends ApiTestBase {

    private final OpenApiSpec spec = OpenApiSpec.load();

    private void assertFits(String route, Api.Answer answer, int status) {
        assertThat(answer.contentType()).startsWith("application/json");
        spec.assertAnswerFits(route, "post", status, answer.status(), answer.json());
    }

    @Test
    void lineProtocolAnswersFitTheirDocumentedSchemas() {
        String measurement = "m" + newSeries().substring("sensor-".length()).replace("-", "");
        String good = measurement + ",id=a v=1 1784675400\n";
        String partly = good + measurement + ",id=a v=oops 1784675460\n";

        Api.Answer stored = api.post("/write?precision=s", good);
        Api.Answer partial = api.post("/api/v2/write?precision=s", partly);

        assertThat(stored.status()).isEqualTo(204);
        assertFits("/api/v2/write", partial, 400);
        assertThat(partial.json().path("error").asText()).isEqualTo("PARTIAL_WRITE");
        assertFits("/write", api.post("/write?precision=x", good), 400);
        assertFits("/api/v2/write", api.post("/api/v2/write?precision=s", " ".repeat(MAX_BODY + 1)), 413);
    }

    @Test
    void grafanaAnswersFitTheirDocumentedSchemas() {
        String series = newSeries();
        List<String> readings = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            readings.add(reading(series, "\"2026-07-21T23:0" + i + ":00Z\"",
                    "{\"temperature\":" + (20 + i) + ",\"status\":\"" + (i % 2 == 0 ? "OK" : "WARN") + "\"}"));
        }
        api.post("/v1/readings", "[" + String.join(",", readings) + "]");
        String range = "\"range\":{\"from\":\"2026-07-21T22:00:00Z\",\"to\":1784676600000}";

        Api.Answer test = api.get("/grafana");
        Api.Answer metrics = api.post("/grafana/metrics", "{\"target\":\"" + series + "\"}");
        Api.Answer query = api.post("/grafana/query", "{" + range + ",\"maxDataPoints\":10,\"targets\":[{\"target\":\""
                + series + ":temperature\"},{\"target\":\"" + series + ":temperature\",\"payload\":{\"stat\":\"max\"}}]}");
        Api.Answer annotations = api.post("/grafana/annotations", "{" + range + ",\"annotation\":{\"name\":\"s\",\"query\":\""
                + series + ":status\"}}");

        spec.assertAnswerFits("/grafana", "get", 200, test.status(), test.json());
        assertFits("/grafana/search", api.post("/grafana/search", "{\"target\":\"" + series + "\"}"), 200);
        assertFits("/grafana/metrics", metrics, 200);
        assertThat(metrics.json()).hasSize(2);
        assertFits("/grafana/query", query, 200);
        assertThat(query.json().get(1).path("datapoints")).isNotEmpty();
        assertFits("/grafana/annotations", annotations, 200);
        assertThat(annotations.json()).hasSize(3);
        assertFits("/grafana/search", api.post("/grafana/search", "{\"target\":7}"), 400);
        assertFits("/grafana/query", api.post("/grafana/query", "{}"), 400);
        assertFits("/grafana/query", api.post("/grafana/query", "{" + range + ",\"targets\":[{\"target\":\"x\"}]}"), 400);
        assertFits("/grafana/annotations", api.post("/grafana/annotations", "[]"), 400);
    }

    @Test
    void grafanaTagAnswersFitTheirDocumentedSchemas() {
        String series = newSeries();
        api.post("/v1/readings", "[{\"series\":\"" + series + "\",\"time\":\"2026-07-21T23:00:00Z\","
                + "\"fields\":{\"temperature\":20},\"tags\":{\"building\":\"7\"}}]");
        String range = "\"range\":{\"from\":\"2026-07-21T22:00:00Z\",\"to\":1784676600000}";

        Api.Answer grouped = api.post("/grafana/query", "{" + range + ",\"targets\":[{\"target\":\"max(*:temperature)\","
                + "\"payload\":{\"tag\":\"building\",\"groupBy\":\"building\"}}],"
                + "\"adhocFilters\":[{\"key\":\"building\",\"operator\":\"=\",\"value\":\"7\"}]}");
        Api.Answer metrics = api.post("/grafana/metrics", "{\"target\":\"*:temp\"}");

        assertFits("/grafana/query", grouped, 200);
        assertThat(grouped.json().get(0).path("target").asText()).isEqualTo("max(*:temperature) {building=7}");
        assertFits("/grafana/metrics", metrics, 200);
        assertThat(metrics.json().get(0).path("payloads")).hasSize(3);
        assertFits("/grafana/search", api.post("/grafana/search", "{\"target\":\"tag-values(building)\"}"), 200);
        assertFits("/grafana/tag-keys", api.post("/grafana/tag-keys", "{}"), 200);
        assertFits("/grafana/tag-values", api.post("/grafana/tag-values", "{\"key\":\"building\"}"), 200);
        assertFits("/grafana/metric-payload-options", api.post("/grafana/metric-payload-options", "{\"name\":\"groupBy\"}"), 200);
        assertFits("/grafana/query", api.post("/grafana/query", "{" + range + ",\"targets\":[],"
                + "\"adhocFilters\":[{\"key\":\"building\",\"operator\":\"<\",\"value\":\"7\"}]}"), 400);
        assertFits("/grafana/query", api.post("/grafana/query", "{" + range + ",\"targets\":[{\"target\":\"*:temperature\","
                + "\"payload\":{\"groupBy\":\"1x\"}}]}"), 400);
        assertFits("/grafana/search", api.post("/grafana/search", "{\"target\":\"tag-values(1x)\"}"), 400);
        assertFits("/grafana/variable", api.post("/grafana/variable", "{\"payload\":{\"target\":\"tag-keys()\"}}"), 200);
        assertFits("/grafana/variable", api.post("/grafana/variable", "{\"payload\":{\"target\":[]}}"), 400);
        assertFits("/grafana/tag-keys", api.post("/grafana/tag-keys", "[]"), 400);
        assertFits("/grafana/tag-values", api.post("/grafana/tag-values", "{}"), 400);
        assertFits("/grafana/metric-payload-options", api.post("/grafana/metric-payload-options", "{\"name\":\"x\"}"), 400);
    }
}
