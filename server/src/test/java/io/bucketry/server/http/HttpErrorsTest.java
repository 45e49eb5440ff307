package io.bucketry.server.http;

import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** Every 4xx answer of the API, each as {@code {"error": CODE, "message": …}}. */
class HttpErrorsTest extends ApiTestBase {

    private static void assertError(Answer answer, int status, String code) {
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(status);
        assertThat(answer.error()).isEqualTo(code);
        assertThat(answer.json().get("message").asText()).isNotBlank();
        assertThat(answer.contentType()).startsWith("application/json");
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', value = {
            "[{\"series\": | MALFORMED_JSON",
            "'' | MALFORMED_JSON",
            "[1] [2] | MALFORMED_JSON",
            "{\"series\":\"a\"} | NOT_AN_ARRAY",
            "\"readings\" | NOT_AN_ARRAY"})
    void aBodyThatIsNotAJsonArrayIsRefusedWhole(String body, String code) {
        assertError(api.post("/v1/readings", body), 400, code);
    }

    @Test
    void aBodyOverTheLimitIs413() {
        String padding = "x".repeat(MAX_BODY);

        assertError(api.post("/v1/readings", "[\"" + padding + "\"]"), 413, "PAYLOAD_TOO_LARGE");
    }

    @Test
    void aBodyOverTheLimitWithoutContentLengthIs413() throws Exception {
        byte[] body = ("[\"" + "x".repeat(MAX_BODY) + "\"]").getBytes();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                        + "/v1/readings"))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body))).build();

        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("PAYLOAD_TOO_LARGE");
    }

    @Test
    void aBatchLargerThanTheMaximumIsRefusedWhole() {
        String s = newSeries();
        StringBuilder body = new StringBuilder("[");
        for (int i = 0; i < 51; i++) {
            body.append(i == 0 ? "" : ",").append(reading(s, String.valueOf(1_784_674_800_000L + i), "{\"v\":1}"));
        }

        assertError(api.post("/v1/readings", body.append(']').toString()), 400, "BATCH_TOO_LARGE");
    }

    @Test
    void anAggregationProducingMoreThanTheMaximumOfWindowsIs400() {
        // given: 1,001 readings one second apart, and at most 1,000 windows
        String s = newSeries();
        for (int batch = 0; batch < 21; batch++) {
            StringBuilder body = new StringBuilder("[");
            for (int i = 0; i < 50 && batch * 50 + i < 1_001; i++) {
                long time = 1_784_674_800_000L + 1_000L * (batch * 50 + i);
                body.append(i == 0 ? "" : ",").append(reading(s, String.valueOf(time), "{\"v\":1}"));
            }
            assertThat(api.post("/v1/readings", body.append(']').toString()).status()).isEqualTo(200);
        }

        // when / then: one-second windows are too many, one-minute windows are fine
        assertError(api.get("/v1/series/" + s + "/aggregates?from=2026-07-21T00:00:00Z&window=1s"), 400,
                "TOO_MANY_WINDOWS");
        assertError(api.get("/v1/aggregates?from=2026-07-21T00:00:00Z&window=1s"), 400, "TOO_MANY_WINDOWS");
        assertThat(api.get("/v1/series/" + s + "/aggregates?from=2026-07-21T00:00:00Z&window=1m").status())
                .isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "/v1/series/bad!id/readings | INVALID_SERIES",
            "/v1/series/a%20b/latest | INVALID_SERIES",
            "/v1/series/s/readings?from=yesterday | INVALID_TIME",
            "/v1/series/s/readings?to=2026-07-21T23:00 | INVALID_TIME",
            "/v1/series/s/readings?from=2026-07-21T23:10:00Z&to=2026-07-21T23:00:00Z | INVALID_RANGE",
            "/v1/series/s/readings?limit=many | INVALID_LIMIT",
            "/v1/series/s/readings?limit=0 | INVALID_LIMIT",
            "/v1/series/s/readings?limit=99999999999 | INVALID_LIMIT",
            "/v1/series/s/readings?limit=-99999999999 | INVALID_LIMIT",
            "/v1/series/s/readings?limit=100001 | INVALID_LIMIT",
            "/v1/series/s/pages/0 | INVALID_PAGE",
            "/v1/series/s/pages/first | INVALID_PAGE",
            "/v1/series/s/pages/-99999999999999999999 | INVALID_PAGE",
            "/v1/series/s/pages/1?size=0 | INVALID_PAGE_SIZE",
            "/v1/series/s/pages/1?size=ten | INVALID_PAGE_SIZE",
            "/v1/series/s/aggregates?window=5x | INVALID_WINDOW",
            "/v1/series/s/aggregates?window=0s | INVALID_WINDOW",
            "/v1/aggregates?window=-5m | INVALID_WINDOW",
            "/v1/aggregates?from=bad | INVALID_TIME"})
    void badParametersAre400WithTheirCode(String path, String code) {
        assertError(api.get(path), 400, code);
    }

    @Test
    void deletingABadSeriesIdIs400() {
        assertError(api.delete("/v1/series/bad!id"), 400, "INVALID_SERIES");
    }

    @Test
    void anUnknownPathIs404() {
        assertError(api.get("/v1/nothing"), 404, "NOT_FOUND");
        assertError(api.get("/v1/series/s/unknown"), 404, "NOT_FOUND");
    }
}
