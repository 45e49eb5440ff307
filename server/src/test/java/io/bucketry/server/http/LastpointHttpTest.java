package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /v1/latest: the latest reading of every series of a prefix, a page at a time, each as GET …/latest answers it. */
class LastpointHttpTest extends ApiTestBase {

    @Test
    void theLatestReadingOfEachSeriesIsAnsweredInIdOrderWithACursor() {
        // given: three series, one with a newer reading sent first
        String prefix = newSeries() + ".";
        api.post("/v1/readings", "[" + reading(prefix + "b", "\"2026-07-21T23:05:00Z\"", "{\"temperature\":2,\"status\":\"OK\"}")
                + "," + reading(prefix + "b", "\"2026-07-21T23:00:00Z\"", "{\"temperature\":1}")
                + "," + reading(prefix + "a", "\"2026-07-21T23:01:00Z\"", "{\"temperature\":3}")
                + "," + reading(prefix + "c", "\"2026-07-21T23:02:00Z\"", "{\"temperature\":4}") + "]");

        // when
        Answer first = api.get("/v1/latest?prefix=" + prefix + "&limit=2");
        Answer second = api.get("/v1/latest?prefix=" + prefix + "&limit=2&after=" + first.json().get("next").asText());

        // then
        assertThat(first.status()).isEqualTo(200);
        assertThat(series(first)).containsExactly(prefix + "a", prefix + "b");
        assertThat(first.json().get("readings").get(1))
                .isEqualTo(api.get("/v1/series/" + prefix + "b/latest").json());
        assertThat(first.json().get("readings").get(1).get("time").asText()).isEqualTo("2026-07-21T23:05:00Z");
        assertThat(first.json().get("next").asText()).isEqualTo(prefix + "b");
        assertThat(series(second)).containsExactly(prefix + "c");
        assertThat(second.json().get("next").isNull()).isTrue();
    }

    @Test
    void aPrefixWithoutSeriesAnswersAnEmptyLastPage() {
        Answer answer = api.get("/v1/latest?prefix=" + newSeries() + ".none");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("readings").isEmpty()).isTrue();
        assertThat(answer.json().get("next").isNull()).isTrue();
    }

    @Test
    void badLastpointParametersAreRefusedWithTheirCode() {
        assertThat(api.get("/v1/latest?limit=0").error()).isEqualTo("INVALID_LIMIT");
        assertThat(api.get("/v1/latest?limit=1001").error()).isEqualTo("INVALID_LIMIT");
        assertThat(api.get("/v1/latest?limit=abc").error()).isEqualTo("INVALID_LIMIT");
        assertThat(api.get("/v1/latest?prefix=a%20b").error()).isEqualTo("INVALID_PREFIX");
        Answer cursor = api.get("/v1/latest?after=a%2Fb");
        assertThat(cursor.status()).isEqualTo(400);
        assertThat(cursor.error()).isEqualTo("INVALID_CURSOR");
    }

    private static List<String> series(Answer answer) {
        List<String> ids = new ArrayList<>();
        for (JsonNode reading : answer.json().get("readings")) {
            ids.add(reading.get("series").asText());
        }
        return ids;
    }
}
