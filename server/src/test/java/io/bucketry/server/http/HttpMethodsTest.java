package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/** §2 of issue 11 on every route: 405 with Allow for a wrong method, HEAD as GET without the body, OPTIONS. */
class HttpMethodsTest extends ApiTestBase {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");

    private final String stored = newSeries();

    @BeforeAll
    void storeASeries() {
        storeMinutes(stored, 5);
    }

    private RawHttp.Response request(String method, String path) {
        try (RawHttp http = new RawHttp(server.port())) {
            http.send(method + " " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + (method.equals("POST") || method.equals("PUT") || method.equals("PATCH") ? "Content-Length: 2\r\n\r\n[]"
                    : "\r\n"));
            return method.equals("HEAD") ? http.readHead() : http.read();
        }
    }

    private static Set<String> methods(String allow) {
        return new TreeSet<>(Arrays.asList(allow.split("\\s*,\\s*")));
    }

    private String concrete(String path) {
        return path.replace("{id}", stored).replace("{n}", "1");
    }

    @ParameterizedTest(name = "{0} allows {1}")
    @CsvSource(delimiter = '|', value = {
            "/v1/readings | POST OPTIONS",
            "/v1/series/{id}/readings | GET HEAD OPTIONS",
            "/v1/series/{id}/latest | GET HEAD OPTIONS",
            "/v1/latest | GET HEAD OPTIONS",
            "/v1/series/{id}/pages/{n} | GET HEAD OPTIONS",
            "/v1/series/{id}/aggregates | GET HEAD OPTIONS",
            "/v1/series/{id} | DELETE OPTIONS",
            "/v1/aggregates | GET HEAD OPTIONS",
            "/v1/stats | GET HEAD OPTIONS",
            "/health | GET HEAD OPTIONS"})
    void aWrongMethodIs405WithAllowAndOptionsListsTheMethods(String path, String allowed) throws Exception {
        Set<String> expected = new TreeSet<>(Arrays.asList(allowed.split(" ")));

        RawHttp.Response options = request("OPTIONS", concrete(path));
        assertThat(options.status()).isIn(200, 204);
        assertThat(methods(options.header("Allow"))).isEqualTo(expected);

        for (String method : METHODS) {
            if (expected.contains(method)) {
                continue;
            }
            RawHttp.Response response = request(method, concrete(path));
            assertThat(response.status()).as(method + " " + path + ": " + response.body()).isEqualTo(405);
            assertThat(methods(response.header("Allow"))).as(method + " " + path).isEqualTo(expected);
            assertThat(response.header("Content-Type")).startsWith("application/json");
            JsonNode json = JSON.readTree(response.body());
            assertThat(json.get("error").asText()).isEqualTo("METHOD_NOT_ALLOWED");
            assertThat(json.get("message").asText()).contains(method);
        }
    }

    @Test
    void aMethodUnknownToTheServerIsNamedAsSentIn405And404() throws Exception {
        RawHttp.Response wrongMethod = request("FOO", "/health");
        RawHttp.Response notFound = request("FOO", "/nowhere");

        assertThat(wrongMethod.status()).as(wrongMethod.body()).isEqualTo(405);
        assertThat(JSON.readTree(wrongMethod.body()).get("message").asText())
                .startsWith("FOO is not allowed on '/health'").doesNotContain("INVALID");
        assertThat(notFound.status()).as(notFound.body()).isEqualTo(404);
        assertThat(JSON.readTree(notFound.body()).get("message").asText()).contains("FOO").doesNotContain("INVALID");
    }

    @Test
    void aLongUnknownPathIsEchoedAbbreviatedIn404And405() throws Exception {
        String tail = "x".repeat(2_000);

        RawHttp.Response notFound = request("GET", "/v1/" + tail);
        RawHttp.Response wrongMethod = request("PUT", "/v1/series/" + tail + "/latest");

        assertThat(notFound.status()).isEqualTo(404);
        assertThat(wrongMethod.status()).isEqualTo(405);
        assertThat(JSON.readTree(notFound.body()).get("message").asText()).hasSizeLessThan(200);
        assertThat(JSON.readTree(wrongMethod.body()).get("message").asText()).hasSizeLessThan(200);
    }

    @ParameterizedTest(name = "HEAD {0}")
    @ValueSource(strings = {
            "/v1/series/{id}/readings", "/v1/series/{id}/latest", "/v1/series/{id}/pages/1",
            "/v1/series/{id}/pages/99", "/v1/series/unknown-series/latest", "/v1/series/unknown-series/pages/1",
            "/v1/series/bad!id/latest", "/v1/series/{id}/readings?limit=0", "/v1/series/{id}/aggregates?window=1m",
            "/v1/aggregates?window=1m", "/v1/latest?limit=5", "/v1/stats", "/health"})
    void headAnswersExactlyAsGetWithoutTheBody(String path) {
        RawHttp.Response get = request("GET", concrete(path));
        RawHttp.Response head = request("HEAD", concrete(path));

        assertThat(head.status()).as(path).isEqualTo(get.status());
        assertThat(head.header("Content-Type")).isEqualTo(get.header("Content-Type"));
        assertThat(head.header("Content-Length")).isEqualTo(Integer.toString(get.body().length()));
        assertThat(head.body()).isEmpty();
    }
}
