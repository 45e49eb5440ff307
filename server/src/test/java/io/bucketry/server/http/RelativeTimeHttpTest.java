package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The time words of the query parameters over HTTP, on the server's fixed clock (23:30): relative ones
 * are resolved at the request's instant, a day is its start in UTC, epoch seconds need their unit.
 */
class RelativeTimeHttpTest extends ApiTestBase {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "from=now-10m | 23:20 | 23:29",
            "from=-10m&to=now-5m | 23:20 | 23:24",
            "from=now-10m&to=now | 23:20 | 23:29",
            "from=now-30m&to=now%2B1h | 23:00 | 23:29",
            "from=now-30m&to=now+1h | 23:00 | 23:29",
            "from=-2h&to=now-25m | 23:00 | 23:04",
            "from=2026-07-21&to=1784675100s | 23:00 | 23:04",
            "to=1784675100000ms | 23:00 | 23:04"})
    void readingsOfARangeWrittenInWordsAreThoseOfTheInstantsTheWordsSay(String range, String first, String last) {
        // given: readings every minute from 23:00 to 23:29; 1784675100 s is 23:05
        String s = newSeries();
        storeMinutes(s, 30);

        // when
        Answer answer = api.get("/v1/series/" + s + "/readings?" + range);

        // then
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        List<String> times = new ArrayList<>();
        answer.json().forEach(r -> times.add(r.get("time").asText()));
        assertThat(times).first().isEqualTo("2026-07-21T" + first + ":00Z");
        assertThat(times).last().isEqualTo("2026-07-21T" + last + ":00Z");
    }

    @Test
    void theAggregatesAndTheExportOfARelativeRangeAreThoseOfItsInstants() throws Exception {
        // given
        String s = newSeries();
        storeMinutes(s, 30);

        // when
        JsonNode relative = api.get("/v1/series/" + s + "/aggregates?from=now-30m&to=now-10m&window=10m").json();
        JsonNode absolute = api.get("/v1/series/" + s
                + "/aggregates?from=2026-07-21T23:00:00Z&to=2026-07-21T23:20:00Z&window=10m").json();
        JsonNode all = api.get("/v1/aggregates?from=now-30m&to=now-10m&window=10m").json();
        String export = text("/v1/series/" + s + "/export?from=-5m");

        // then
        assertThat(relative).isEqualTo(absolute);
        assertThat(relative.size()).isEqualTo(2);
        assertThat(all.toString()).contains(relative.get(0).toString());
        assertThat(export.lines()).hasSize(5).first().asString().contains("2026-07-21T23:25:00Z");
    }

    private String text(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.port() + path)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "/v1/series/s/readings?from=1784676300 | time 1784676300 looks like epoch seconds; times in epoch form are"
                    + " milliseconds: write 1784676300s for seconds",
            "/v1/series/s/aggregates?to=yesterday | time 'yesterday' is none of: ISO-8601",
            "/v1/aggregates?from=now-1y | time 'now-1y' is none of: ISO-8601",
            "/v1/export?from=2026-13-01 | time '2026-13-01' is no day of the calendar"})
    void aWordThatIsNoTimeIsRefusedSayingWhichAre(String path, String message) {
        // when
        Answer answer = api.get(path);

        // then
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_TIME");
        assertThat(answer.json().get("message").asText()).startsWith(message);
    }

    @Test
    void aRelativeRangeThatEndsBeforeItStartsIsAnInvalidRange() {
        Answer answer = api.get("/v1/series/s/readings?from=now&to=-1h");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_RANGE");
    }
}
