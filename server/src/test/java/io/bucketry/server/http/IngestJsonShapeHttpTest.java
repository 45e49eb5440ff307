package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A reading of the wrong JSON shape is rejected with what was wrong; the valid readings of its batch are stored. */
class IngestJsonShapeHttpTest extends ApiTestBase {

    @Test
    void aSeriesThatIsNotAJsonStringIsRejectedNotCoercedToText() {
        // given
        String s = newSeries();
        String body = "[" + String.join(",",
                reading(s, "\"2026-07-21T23:00:10Z\"", "{\"v\":1}"),
                "{\"series\":123,\"time\":\"2026-07-21T23:00:20Z\",\"fields\":{\"v\":2}}",
                "{\"series\":true,\"time\":\"2026-07-21T23:00:30Z\",\"fields\":{\"v\":3}}",
                reading(s, "\"2026-07-21T23:00:40Z\"", "{\"v\":4}")) + "]";

        // when
        JsonNode report = api.post("/v1/readings", body).json();

        // then
        assertThat(report.get("accepted").asInt()).isEqualTo(2);
        JsonNode number = report.get("rejected").get(0);
        assertThat(number.get("index").asInt()).isEqualTo(1);
        assertThat(number.get("reason").asText()).isEqualTo("INVALID_SERIES");
        assertThat(number.get("message").asText()).isEqualTo("series must be a JSON string, got a number");
        assertThat(number.get("series").asText()).isEqualTo("123");
        assertThat(number.get("time").asText()).isEqualTo("2026-07-21T23:00:20Z");
        assertThat(report.get("rejected").get(1).get("message").asText())
                .isEqualTo("series must be a JSON string, got a boolean");
        assertThat(api.get("/v1/series/123/readings").json()).isEmpty();
        assertThat(api.get("/v1/series/true/readings").json()).isEmpty();
        assertThat(api.get("/v1/series/" + s + "/readings").json()).hasSize(2);
    }

    @Test
    void anElementThatIsNotAJsonObjectIsRejectedAsNoReading() {
        // given
        String s = newSeries();
        String body = "[42," + reading(s, "\"2026-07-21T23:00:10Z\"", "{\"v\":1}") + ",[1],null]";

        // when
        Answer answer = api.post("/v1/readings", body);

        // then
        assertThat(answer.status()).isEqualTo(200);
        JsonNode report = answer.json();
        assertThat(report.get("accepted").asInt()).isEqualTo(1);
        assertThat(report.get("rejected")).extracting(r -> r.get("index").asInt() + ":" + r.get("reason").asText()
                + ":" + r.get("message").asText()).containsExactly(
                "0:NO_FIELDS:a reading must be a JSON object, got a number",
                "2:NO_FIELDS:a reading must be a JSON object, got an array",
                "3:NO_FIELDS:a reading must be a JSON object, got null");
    }
}
