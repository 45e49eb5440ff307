package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /v1/series: which series exist, a page at a time. */
class SeriesListingHttpTest extends ApiTestBase {

    @Test
    void seriesAreListedByPrefixWithACursorToTheNextPage() {
        String prefix = newSeries() + ".";
        StringBuilder body = new StringBuilder("[");
        for (String suffix : List.of("b", "a", "c")) {
            body.append(body.length() > 1 ? "," : "").append(reading(prefix + suffix, "\"2026-07-21T23:00:10Z\"",
                    "{\"temperature\":1}"));
        }
        api.post("/v1/readings", body + "," + reading(prefix + "a", "\"2026-07-21T23:05:00Z\"", "{\"temperature\":2}") + "]");

        Answer first = api.get("/v1/series?prefix=" + prefix + "&limit=2");
        Answer second = api.get("/v1/series?prefix=" + prefix + "&limit=2&after=" + first.json().get("next").asText());

        assertThat(first.status()).isEqualTo(200);
        assertThat(ids(first)).containsExactly(prefix + "a", prefix + "b");
        JsonNode a = first.json().get("series").get(0);
        assertThat(a.get("readings").asLong()).isEqualTo(2);
        assertThat(a.get("first").asText()).isEqualTo("2026-07-21T23:00:10Z");
        assertThat(a.get("last").asText()).isEqualTo("2026-07-21T23:05:00Z");
        assertThat(first.json().get("next").asText()).isEqualTo(prefix + "b");
        assertThat(ids(second)).containsExactly(prefix + "c");
        assertThat(second.json().get("next").isNull()).isTrue();
    }

    @Test
    void badListingParametersAreRefusedWithTheirCode() {
        assertThat(api.get("/v1/series?limit=0").error()).isEqualTo("INVALID_LIMIT");
        assertThat(api.get("/v1/series?limit=abc").error()).isEqualTo("INVALID_LIMIT");
        assertThat(api.get("/v1/series?prefix=a%20b").error()).isEqualTo("INVALID_PREFIX");
        Answer cursor = api.get("/v1/series?after=a%2Fb");
        assertThat(cursor.status()).isEqualTo(400);
        assertThat(cursor.error()).isEqualTo("INVALID_CURSOR");
    }

    private static List<String> ids(Answer answer) {
        List<String> ids = new ArrayList<>();
        answer.json().get("series").forEach(entry -> ids.add(entry.get("id").asText()));
        return ids;
    }
}
