package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The JSON datasource's connection test, /search (SimpleJson) and /metrics (simpod-json-datasource). */
class GrafanaSearchHttpTest extends ApiTestBase {

    /** SimpleJson's README, "Search API", example request (its keys quoted, as JSON needs). */
    static final String DOCUMENTED_SEARCH = """
            { "target": "upper_50" }
            """;
    /** simpod-json-datasource's README, "/search", the body of the Panel > Queries page. */
    static final String DOCUMENTED_PANEL_SEARCH = """
            { "type": "timeseries", "target": "upper_50" }
            """;
    /** simpod-json-datasource's README, "/metrics", the second example request. */
    static final String DOCUMENTED_METRICS = """
            {
              "metric": "DescribeMetricList",
              "payload":{
                "cloud": "cf6591c5dad211eaa22100163e120f6e",
                "namespace": "MySQL"
              }
            }
            """;

    @Test
    void theConnectionTestAnswers200WithAndWithoutTheTrailingSlash() {
        for (String path : List.of("/grafana", "/grafana/")) {
            Answer answer = api.get(path);

            assertThat(answer.status()).as(path).isEqualTo(200);
            assertThat(answer.json().get("status").asText()).isEqualTo("UP");
        }
    }

    @Test
    void searchListsTheFieldsOfTheSeriesStartingWithTheTypedText() {
        // given: two series under one prefix, one with a text field
        String prefix = newSeries();
        api.post("/v1/readings", "[" + reading(prefix + ".a", "\"2026-07-21T23:00:00Z\"", "{\"temperature\":1,\"status\":\"OK\"}")
                + "," + reading(prefix + ".b", "\"2026-07-21T23:00:00Z\"", "{\"pressure\":2}") + "]");

        // when: the documented bodies, with the typed text naming the prefix, then a series and part of a field
        Answer all = api.post("/grafana/search", DOCUMENTED_SEARCH.replace("upper_50", prefix));
        Answer panel = api.post("/grafana/search", DOCUMENTED_PANEL_SEARCH.replace("upper_50", prefix + ".a:te"));
        Answer none = api.post("/grafana/search", DOCUMENTED_SEARCH);

        // then
        assertThat(all.status()).isEqualTo(200);
        assertThat(texts(all.json())).containsExactly(prefix + ".a:status", prefix + ".a:temperature", prefix + ".b:pressure");
        assertThat(texts(panel.json())).containsExactly(prefix + ".a:temperature");
        assertThat(none.status()).isEqualTo(200);
        assertThat(none.json().isArray()).isTrue();
        assertThat(none.json().isEmpty()).isTrue();
    }

    @Test
    void metricsOffersEachNumericFieldWithAStatisticToPickAndTextFieldsForAnnotations() {
        String series = newSeries();
        storeMinutes(series, 2);

        Answer answer = api.post("/grafana/metrics", "{\"target\": \"" + series + "\"}");
        Answer documented = api.post("/grafana/metrics", DOCUMENTED_METRICS);
        Answer empty = api.post("/grafana/metrics", "{}");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().size()).isEqualTo(2);
        JsonNode status = answer.json().get(0);
        JsonNode temperature = answer.json().get(1);
        assertThat(status.get("value").asText()).isEqualTo(series + ":status");
        assertThat(status.get("label").asText()).contains("text");
        assertThat(status.get("payloads").isEmpty()).isTrue();
        assertThat(temperature.get("value").asText()).isEqualTo(series + ":temperature");
        JsonNode stat = temperature.get("payloads").get(0);
        assertThat(stat.get("name").asText()).isEqualTo("stat");
        assertThat(stat.get("type").asText()).isEqualTo("select");
        assertThat(texts(stat.get("options").findValues("value")))
                .containsExactly("avg", "min", "max", "sum", "count", "first", "last");
        for (Answer listing : List.of(documented, empty)) {
            assertThat(listing.status()).isEqualTo(200);
            assertThat(listing.json().size()).isPositive();
            listing.json().forEach(m -> assertThat(m.has("value") && m.get("payloads").isArray()).as(m.toString()).isTrue());
        }
    }

    @Test
    void aSearchTextThatCannotStartASeriesIdIsRefusedWithTheListingsCode() {
        Answer answer = api.post("/grafana/search", "{\"target\": \"a b\"}");
        Answer notText = api.post("/grafana/search", "{\"target\": 5}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_PREFIX");
        assertThat(notText.status()).isEqualTo(400);
        assertThat(notText.error()).isEqualTo("INVALID_TARGET");
    }

    private static List<String> texts(Iterable<JsonNode> nodes) {
        List<String> texts = new ArrayList<>();
        nodes.forEach(n -> texts.add(n.asText()));
        return texts;
    }
}
