package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tags Grafana offers: simpod-json-datasource's /tag-keys and /tag-values (ad-hoc filter drop-downs) and
 * /metric-payload-options (the group-by drop-down), and SimpleJson's /search with tag-keys() and tag-values(key);
 * each listing the latest tags of the series, against the tags last written to each.
 */
class GrafanaTagSearchHttpTest extends ApiTestBase {

    /** simpod-json-datasource's README, "/tag-values", the example request body. */
    static final String DOCUMENTED_TAG_VALUES = """
            {"key": "City"}
            """;

    private final String key = "k" + UUID.randomUUID().toString().replace("-", "");
    private final String prefix = newSeries();
    private final Map<String, String> latest = new TreeMap<>();   // series -> the value of key in its latest tags

    /**
     * Series with values of a key of this test's own: s1 v1, s2 re-tagged from v9 to v2, s3 v3, s4 v0, s6 v1 again;
     * s5 without the key.
     */
    @BeforeAll
    void storeTaggedSeries() {
        Instant time = Instant.parse("2026-07-21T22:00:00Z");
        List<ReadingInput> readings = new ArrayList<>();
        readings.add(tagged(prefix + ".s2", time, Map.of(key, "v9")));
        for (int i : new int[] {1, 2, 3, 4, 6}) {
            Map<String, String> tags = Map.of(key, "v" + (i == 4 ? 0 : i == 6 ? 1 : i), "City", "Berlin");
            readings.add(tagged(prefix + ".s" + i, time.plusSeconds(60), tags));
            latest.put(prefix + ".s" + i, tags.get(key));
        }
        readings.add(tagged(prefix + ".s5", time, Map.of("City", "Paris")));
        assertThat(bucketry.useCases().ingest().ingest(readings).accepted()).isEqualTo(readings.size());
    }

    @Test
    void tagKeysListsEveryKeyOfTheSeriesLatestTags() {
        Answer documented = api.post("/grafana/tag-keys", "{ }");
        Answer empty = api.post("/grafana/tag-keys", "");
        Answer search = api.post("/grafana/search", "{\"target\": \"tag-keys()\"}");

        assertThat(documented.status()).isEqualTo(200);
        assertThat(documented.json().findValuesAsText("text")).contains(key, "City").isSorted();
        documented.json().forEach(entry -> assertThat(entry.get("type").asText()).isEqualTo("string"));
        assertThat(empty.json()).isEqualTo(documented.json());
        assertThat(texts(search.json())).isEqualTo(documented.json().findValuesAsText("text"));
    }

    @Test
    void tagValuesListsTheValuesOfTheKeyInTheSeriesLatestTags() {
        TreeSet<String> expected = new TreeSet<>(latest.values());

        Answer values = api.post("/grafana/tag-values", DOCUMENTED_TAG_VALUES.replace("City", key));
        Answer search = api.post("/grafana/search", "{\"target\": \" tag-values(" + key + ") \"}");
        Answer documented = api.post("/grafana/tag-values", DOCUMENTED_TAG_VALUES);

        assertThat(values.status()).isEqualTo(200);
        assertThat(values.json().findValuesAsText("text")).containsExactlyElementsOf(expected).doesNotContain("v9");
        assertThat(texts(search.json())).containsExactlyElementsOf(expected);
        assertThat(documented.json().findValuesAsText("text")).contains("Berlin", "Paris");
    }

    @Test
    void aQueryVariableListsTagKeysValuesOrTargetsAsTextAndValue() {
        // simpod-json-datasource's README, "/variable", the example request body, with our query texts
        String documented = """
                {
                  "payload":{"target":"systems"},
                  "range":{
                    "from":"2022-02-14T08:09:32.164Z",
                    "to":"2022-02-21T08:09:32.164Z",
                    "raw":{"from":"now-7d","to":"now"}
                  }
                }
                """;

        Answer values = api.post("/grafana/variable", documented.replace("systems", "tag-values(" + key + ")"));
        Answer keys = api.post("/grafana/variable", "{\"payload\": \"tag-keys()\"}");
        Answer targets = api.post("/grafana/variable", documented.replace("systems", prefix + ".s1:"));
        Answer bad = api.post("/grafana/variable", "{\"payload\": {\"target\": 7}}");

        assertThat(values.status()).isEqualTo(200);
        assertThat(values.json().findValuesAsText("__value")).containsExactlyElementsOf(new TreeSet<>(latest.values()))
                .isEqualTo(values.json().findValuesAsText("__text"));
        assertThat(keys.json().findValuesAsText("__value")).contains(key, "City");
        assertThat(targets.json().findValuesAsText("__value")).containsExactly(prefix + ".s1:temperature");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.error()).isEqualTo("INVALID_TARGET");
    }

    @Test
    void theGroupByDropDownOffersTheTagKeysAndTheStatisticDropDownTheStatistics() {
        Answer groupBy = api.post("/grafana/metric-payload-options",
                "{\"metric\": \"*:temperature\", \"payload\": {}, \"name\": \"groupBy\"}");
        Answer stat = api.post("/grafana/metric-payload-options", "{\"metric\": \"*:temperature\", \"name\": \"stat\"}");

        assertThat(groupBy.status()).isEqualTo(200);
        assertThat(groupBy.json().findValuesAsText("value")).contains(key, "City")
                .isEqualTo(groupBy.json().findValuesAsText("label"))
                .isEqualTo(api.post("/grafana/tag-keys", "{}").json().findValuesAsText("text"));
        assertThat(stat.json().findValuesAsText("value")).containsExactly("avg", "min", "max", "sum", "count", "first", "last");
    }

    @Test
    void searchAndMetricsOfferEverySeriesFieldsWithATagFilterAndAGroupBy() {
        storeMinutes(newSeries(), 1);

        Answer search = api.post("/grafana/search", "{\"target\": \"*:\"}");
        Answer metrics = api.post("/grafana/metrics", "{\"target\": \"*:temp\"}");

        assertThat(texts(search.json())).contains("*:status", "*:temperature").allMatch(t -> t.startsWith("*:"));
        assertThat(metrics.json().size()).isEqualTo(1);
        JsonNode temperature = metrics.json().get(0);
        assertThat(temperature.get("value").asText()).isEqualTo("*:temperature");
        assertThat(temperature.get("payloads").findValuesAsText("name")).containsExactly("stat", "tag", "groupBy");
        assertThat(temperature.get("payloads").get(2).has("options")).as("options come from /metric-payload-options").isFalse();
    }

    @Test
    void theListingsReadAtMostTheirBoundOfSeriesInIdOrder() {
        // given the catalog bounded to the first 3 series of those with the key: s1, s2, s3
        GrafanaTagCatalog catalog = new GrafanaTagCatalog(bucketry.useCases(), 3);

        List<String> values = catalog.values(key);

        assertThat(values).containsExactly("v1", "v2", "v3");
        assertThat(new GrafanaTagCatalog(bucketry.useCases()).values(key)).containsExactly("v0", "v1", "v2", "v3");
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "/grafana/tag-values | {} | INVALID_TAG_FILTER",
            "/grafana/tag-values | {\"key\": 7} | INVALID_TAG_FILTER",
            "/grafana/tag-values | {\"key\": \"1floor\"} | INVALID_TAG_FILTER",
            "/grafana/tag-values | [] | NOT_AN_OBJECT",
            "/grafana/search | {\"target\": \"tag-values(1floor)\"} | INVALID_TAG_FILTER",
            "/grafana/metric-payload-options | {\"name\": \"tag\"} | INVALID_TARGET",
            "/grafana/metric-payload-options | {} | INVALID_TARGET",
            "/grafana/tag-keys | {\"key\": | MALFORMED_JSON"})
    void aBadTagListingRequestIs400WithItsCode(String path, String body, String code) {
        Answer answer = api.post(path, body);

        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo(code);
        assertThat(answer.json().get("message").asText()).isNotBlank();
    }

    private static ReadingInput tagged(String series, Instant time, Map<String, String> tags) {
        return new ReadingInput(series, time, Map.of("temperature", 20.5), tags, null);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}
