package io.bucketry.server.http;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real answers of a running server (in-memory store, readings of the last half hour of its clock)
 * for every GET route and the main errors fit the schema the OpenAPI document gives for their
 * route, method and status, error codes included.
 */
class OpenApiAnswersTest extends ApiTestBase {

    private final OpenApiSpec spec = OpenApiSpec.load();
    private final String stored = newSeries();

    @BeforeAll
    void storeASeries() {
        storeMinutes(stored, 5);
    }

    private void assertFits(String route, String method, Api.Answer answer, int status) {
        assertThat(answer.contentType()).startsWith("application/json");
        spec.assertAnswerFits(route, method, status, answer.status(), answer.json());
    }

    @ParameterizedTest(name = "GET {1} is {2}")
    @CsvSource(delimiter = '|', value = {
            "/v1/series | /v1/series?prefix=sensor- | 200",
            "/v1/series | /v1/series?limit=1 | 200",
            "/v1/series | /v1/series?limit=0 | 400",
            "/v1/series | /v1/series?prefix=a%20b | 400",
            "/v1/series | /v1/series?after=a%20b | 400",
            "/v1/series/{id}/readings | /v1/series/{id}/readings?from=2026-07-21T23:00:00Z&to=1784676600000&limit=3 | 200",
            "/v1/series/{id}/readings | /v1/series/unknown-series/readings | 200",
            "/v1/series/{id}/readings | /v1/series/{id}/readings?from=yesterday | 400",
            "/v1/series/{id}/readings | /v1/series/{id}/readings?from=2026-07-21T23:10:00Z&to=2026-07-21T23:00:00Z | 400",
            "/v1/series/{id}/readings | /v1/series/{id}/readings?limit=0 | 400",
            "/v1/series/{id}/readings | /v1/series/bad!id/readings | 400",
            "/v1/series/{id}/latest | /v1/series/{id}/latest | 200",
            "/v1/series/{id}/latest | /v1/series/unknown-series/latest | 404",
            "/v1/latest | /v1/latest?prefix={id}&limit=1 | 200",
            "/v1/latest | /v1/latest?limit=1001 | 400",
            "/v1/latest | /v1/latest?after=a%20b | 400",
            "/v1/series/{id}/pages/{n} | /v1/series/{id}/pages/1 | 200",
            "/v1/series/{id}/pages/{n} | /v1/series/{id}/pages/2?size=2 | 200",
            "/v1/series/{id}/pages/{n} | /v1/series/{id}/pages/99 | 404",
            "/v1/series/{id}/pages/{n} | /v1/series/{id}/pages/0 | 400",
            "/v1/series/{id}/pages/{n} | /v1/series/{id}/pages/1?size=0 | 400",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?window=1m | 200",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?window=five | 400",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?window=1ms&from=2026-07-21T23:00:00Z&to=2026-07-21T22:00:00Z | 400",
            "/v1/aggregates | /v1/aggregates?from=2026-07-21T23:00:00Z&window=PT10M | 200",
            "/v1/aggregates | /v1/aggregates?from=yesterday | 400",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?from=2026-07-21T23:00:00Z&to=2026-07-21T23:30:00Z&fill=previous | 200",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?fill=linear&maxGap=10m&from=2026-07-21T23:00:00Z | 200",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?fill=prev | 400",
            "/v1/aggregates | /v1/aggregates?from=2026-07-21T23:00:00Z&fill=null | 200",
            "/v1/aggregates | /v1/aggregates?fill=previous&maxGap=soon | 400",
            "/v1/series/{id}/readings | /v1/series/{id}/readings?format=columns | 200",
            "/v1/series/{id}/readings | /v1/series/{id}/readings?format=xml | 400",
            "/v1/series/{id}/pages/{n} | /v1/series/{id}/pages/1?format=columns | 200",
            "/v1/series/{id}/latest | /v1/series/{id}/latest?format=columns | 200",
            "/v1/series/{id}/latest | /v1/series/{id}/latest?format=xml | 400",
            "/v1/latest | /v1/latest?prefix={id}&format=columns | 200",
            "/v1/latest | /v1/latest?format=xml | 400",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?window=1m&format=columns | 200",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?from=2026-07-21T23:00:00Z&fill=null&format=columns | 200",
            "/v1/aggregates | /v1/aggregates?from=2026-07-21T23:00:00Z&format=columns | 200",
            "/v1/aggregates | /v1/aggregates?from=2026-07-21T23:00:00Z&groupBy=room&format=columns | 200",
            "/v1/aggregates | /v1/aggregates?format=xml | 400",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?window=1m&stats=avg,count | 200",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?window=1m&stats=last&format=columns | 200",
            "/v1/series/{id}/aggregates | /v1/series/{id}/aggregates?stats=mean | 400",
            "/v1/aggregates | /v1/aggregates?from=2026-07-21T23:00:00Z&stats=avg | 200",
            "/v1/aggregates | /v1/aggregates?from=2026-07-21T23:00:00Z&stats=avg&format=columns | 200",
            "/v1/aggregates | /v1/aggregates?from=2026-07-21T23:00:00Z&groupBy=room&stats=min,max | 200",
            "/v1/aggregates | /v1/aggregates?stats=avg,median | 400",
            "/v1/series/{id}/export | /v1/series/{id}/export?format=xml | 400",
            "/v1/export | /v1/export?prefix=a%20b | 400",
            "/v1/stats | /v1/stats | 200",
            "/health | /health | 200",
            "/openapi.json | /openapi.json | 200"})
    void aGetAnswerFitsItsDocumentedSchema(String route, String request, int status) {
        assertFits(route, "get", api.get(request.replace("{id}", stored)), status);
    }

    @Test
    void ingestAnswersFitTheirDocumentedSchemas() {
        String series = newSeries();
        String good = reading(series, "\"2026-07-21T23:20:00Z\"", "{\"temperature\":21.5,\"status\":\"OK\"}");
        String bad = reading(series, "1784674800", "{\"temperature\":true}");
        List<String> tooMany = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            tooMany.add(reading(series, "\"2026-07-21T23:00:00Z\"", "{\"v\":" + i + "}"));
        }

        assertFits("/v1/readings", "post", api.post("/v1/readings", "[" + good + "," + bad + "]"), 200);
        assertFits("/v1/readings", "post", api.post("/v1/readings", "[" + good + "]"), 200);
        assertFits("/v1/readings", "post", api.post("/v1/readings", "{}"), 400);
        assertFits("/v1/readings", "post", api.post("/v1/readings", "[" + good), 400);
        assertFits("/v1/readings", "post", api.post("/v1/readings", "[" + String.join(",", tooMany) + "]"), 400);
        assertFits("/v1/readings", "post", api.post("/v1/readings", "[" + " ".repeat(MAX_BODY) + "]"), 413);
        assertFits("/v1/series/{id}", "delete", api.delete("/v1/series/" + series), 200);
        assertFits("/v1/series/{id}", "delete", api.delete("/v1/series/bad!id"), 400);
    }

    @Test
    void answersToNoRouteFitTheSharedErrorAnswers() {
        Api.Answer unknown = api.get("/v1/nothing");
        Api.Answer wrongMethod = api.delete("/v1/stats");

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(spec.problems(spec.sharedAnswerSchema("NoSuchResource"), unknown.json())).isEmpty();
        assertThat(wrongMethod.status()).isEqualTo(405);
        assertThat(spec.problems(spec.sharedAnswerSchema("MethodNotAllowed"), wrongMethod.json())).isEmpty();
    }
}
