package io.bucketry.server.http;

import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad Grafana requests get the API's JSON errors, in the sender's words. */
class GrafanaBadInputHttpTest extends ApiTestBase {

    private static final String RANGE = "\"range\":{\"from\":\"2026-07-21T22:00:00Z\",\"to\":\"2026-07-21T23:00:00Z\"}";

    @Test
    void theDocumentedQueryIsRefusedForItsTargetsThatNameNoField() {
        Answer answer = api.post("/grafana/query", GrafanaQueryHttpTest.DOCUMENTED_QUERY);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_TARGET");
        assertThat(answer.json().get("message").asText()).contains("'Packets'").contains("series:field");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "`` | MALFORMED_JSON",
            "{\"range\": | MALFORMED_JSON",
            "[] | NOT_AN_OBJECT",
            "{\"targets\":[]} | INVALID_RANGE",
            "{\"range\":{\"from\":\"2026-07-21T23:00:00Z\",\"to\":\"2026-07-21T22:00:00Z\"},\"targets\":[]} | INVALID_RANGE",
            "{\"range\":{\"from\":\"yesterday\",\"to\":\"2026-07-21T22:00:00Z\"},\"targets\":[]} | INVALID_TIME",
            "{\"range\":{\"from\":\"now-1h\",\"to\":\"now\"},\"targets\":[]} | INVALID_TIME",
            "{\"range\":{\"from\":1784674800,\"to\":\"2026-07-21T22:00:00Z\"},\"targets\":[]} | INVALID_TIME",
            "{\"range\":{\"from\":[],\"to\":\"2026-07-21T22:00:00Z\"},\"targets\":[]} | INVALID_RANGE",
            "{RANGE,\"maxDataPoints\":0,\"targets\":[]} | INVALID_MAX_DATA_POINTS",
            "{RANGE,\"maxDataPoints\":1.5,\"targets\":[]} | INVALID_MAX_DATA_POINTS",
            "{RANGE,\"maxDataPoints\":\"550\",\"targets\":[]} | INVALID_MAX_DATA_POINTS",
            "{RANGE,\"intervalMs\":-30000,\"targets\":[]} | INVALID_INTERVAL",
            "{RANGE} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"refId\":\"A\"}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"sensor-1\"}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"a b:temperature\"}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"sensor-1:9lives\"}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"median(sensor-1:temperature)\"}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"max(sensor-1:temperature)\",\"payload\":{\"stat\":\"min\"}}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"sensor-1:temperature\",\"payload\":{\"stat\":[\"min\"]}}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"*:9lives\"}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"*\"}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[{\"target\":\"sensor-1:temperature\",\"payload\":{\"groupBy\":\"building\"}}]} | INVALID_TARGET",
            "{RANGE,\"targets\":[],\"adhocFilters\":[{\"key\":\"building\",\"operator\":\"=~\",\"value\":\"7\"}]} | INVALID_TAG_FILTER",
            "{RANGE,\"targets\":[],\"adhocFilters\":{\"key\":\"building\"}} | INVALID_TAG_FILTER",
            "{RANGE,\"targets\":[],\"adhocFilters\":[{\"key\":\"building\",\"operator\":\"=\",\"value\":7}]} | INVALID_TAG_FILTER",
            "{RANGE,\"targets\":[],\"adhocFilters\":[{\"key\":\"1floor\",\"operator\":\"=\",\"value\":\"7\"}]} | INVALID_TAG_FILTER",
            "{RANGE,\"targets\":[{\"target\":\"*:temperature\",\"payload\":{\"tag\":\"building:\"}}]} | INVALID_TAG_FILTER",
            "{RANGE,\"targets\":[{\"target\":\"*:temperature\",\"payload\":{\"tag\":[5]}}]} | INVALID_TAG_FILTER",
            "{RANGE,\"targets\":[{\"target\":\"*:temperature\",\"payload\":{\"groupBy\":\"1x\"}}]} | INVALID_GROUP_BY",
            "{RANGE,\"targets\":[{\"target\":\"*:temperature\",\"payload\":{\"groupBy\":[]}}]} | INVALID_GROUP_BY"})
    void aBadQueryIs400WithItsCodeAndAMessage(String body, String code) {
        Answer answer = api.post("/grafana/query", body.replace("RANGE", RANGE));

        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(400);
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(answer.error()).isEqualTo(code);
        assertThat(answer.json().get("message").asText()).isNotBlank();
    }

    @Test
    void anAdHocFilterWithAnotherOperatorThanEqualsIsRefusedNamingIt() {
        Answer answer = api.post("/grafana/query", "{" + RANGE + ",\"targets\":[{\"target\":\"*:temperature\"}],"
                + "\"adhocFilters\":[{\"key\":\"building\",\"operator\":\"!=\",\"value\":\"7\"}]}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_TAG_FILTER");
        assertThat(answer.json().get("message").asText()).contains("'building != 7'", "'!='", "only be filtered with =");
    }

    @Test
    void aGroupByOnATargetOfOneSeriesIsRefusedNamingTheTargetThatGroups() {
        Answer answer = api.post("/grafana/query", "{" + RANGE + ",\"targets\":[{\"target\":\"max(sensor-1:temperature)\","
                + "\"payload\":{\"groupBy\":[\"building\",\"type\"]}}]}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_TARGET");
        assertThat(answer.json().get("message").asText()).contains("*:temperature", "building,type");
    }

    @Test
    void moreTargetsThanAllowedAreRefused() {
        StringBuilder targets = new StringBuilder();
        for (int i = 0; i <= GrafanaRoutes.MAX_TARGETS; i++) {
            targets.append(i == 0 ? "" : ",").append("{\"target\":\"sensor-").append(i).append(":temperature\"}");
        }

        Answer answer = api.post("/grafana/query", "{" + RANGE + ",\"targets\":[" + targets + "]}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("TOO_MANY_TARGETS");
    }

    @Test
    void aBodyOverTheLimitIs413AndAWrongMethodIs405() {
        Answer large = api.post("/grafana/query", "{\"pad\":\"" + "x".repeat(MAX_BODY) + "\"}");
        Answer get = api.get("/grafana/query");

        assertThat(large.status()).isEqualTo(413);
        assertThat(large.error()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(get.status()).isEqualTo(405);
        assertThat(get.error()).isEqualTo("METHOD_NOT_ALLOWED");
    }

    @Test
    void hiddenTargetsAreNotAnswered() {
        Answer answer = api.post("/grafana/query", "{" + RANGE + ",\"targets\":[{\"target\":\"s:temperature\","
                + "\"hide\":true},{\"target\":\"s:pressure\"}]}");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().size()).isEqualTo(1);
        assertThat(answer.json().get(0).get("target").asText()).isEqualTo("s:pressure");
    }
}
