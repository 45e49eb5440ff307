package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code fill} and {@code maxGap} parameters of both aggregate routes, and their refusals. */
class GapFillHttpTest extends ApiTestBase {

    private static final String RANGE = "from=2026-07-21T23:00:00Z&to=2026-07-21T23:15:00Z&window=5m";

    @Test
    void previousAnswersEmptyWindowsMarkedFilledWithTheLastValueAndNoCountOrSum() {
        // given: readings at 23:00 and 23:01 (temperature 20, 21)
        String s = newSeries();
        storeMinutes(s, 2);

        // when
        Answer answer = api.get("/v1/series/" + s + "/aggregates?" + RANGE + "&fill=previous");

        // then
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).hasSize(3);
        assertThat(answer.json().get(0).get("filled").asBoolean()).isFalse();
        assertThat(answer.json().get(0).get("count").asInt()).isEqualTo(2);
        JsonNode filled = answer.json().get(2);
        assertThat(filled.get("start").asText()).isEqualTo("2026-07-21T23:10:00Z");
        assertThat(filled.get("filled").asBoolean()).isTrue();
        assertThat(filled.get("count").asInt()).isZero();
        JsonNode t = filled.get("fields").get("temperature");
        assertThat(List.of(t.get("count").asDouble(), t.get("sum").asDouble(), t.get("min").asDouble(),
                t.get("max").asDouble(), t.get("avg").asDouble(), t.get("first").asDouble(), t.get("last").asDouble()))
                .containsExactly(0.0, 0.0, 21.0, 21.0, 21.0, 21.0, 21.0);
    }

    @Test
    void nullAnswersEmptyWindowsWithNoFieldsAndWithoutFillTheyAreLeftOut() {
        String s = newSeries();
        storeMinutes(s, 2);

        Answer none = api.get("/v1/series/" + s + "/aggregates?" + RANGE);
        Answer filled = api.get("/v1/series/" + s + "/aggregates?" + RANGE + "&fill=null");

        assertThat(none.json()).hasSize(1);
        assertThat(none.json().get(0).get("filled").asBoolean()).isFalse();
        assertThat(filled.json()).extracting(w -> w.get("start").asText().substring(11) + " " + w.get("count").asInt()
                + " " + w.get("fields").size()).containsExactly("23:00:00Z 2 1", "23:05:00Z 0 0", "23:10:00Z 0 0");
    }

    @Test
    void maxGapFillsAnOutageOfExactlyItsLengthAndNotOneMillisecondLonger() {
        // given: readings at 23:00 and 23:20; the outage from 23:05 to 23:20 lasts 15 minutes
        String s = newSeries();
        post(reading(s, "\"2026-07-21T23:00:00Z\"", "{\"temperature\":0}"),
                reading(s, "\"2026-07-21T23:20:00Z\"", "{\"temperature\":30}"));
        String query = "/v1/series/" + s + "/aggregates?from=2026-07-21T23:00:00Z&to=2026-07-21T23:25:00Z&window=5m"
                + "&fill=linear&maxGap=";

        // then
        assertThat(api.get(query + "15m").json()).extracting(w -> w.get("fields").path("temperature").path("avg").asText("-"))
                .containsExactly("0.0", "7.5", "15.0", "22.5", "30.0");
        assertThat(api.get(query + "899999ms").json()).extracting(w -> w.get("fields").path("temperature").path("avg")
                .asText("-")).containsExactly("0.0", "-", "-", "-", "30.0");
    }

    @Test
    void allSeriesAreFilledEachFromItsOwnReadings() {
        String prefix = "fill-" + UUID.randomUUID() + "-";
        storeMinutes(prefix + "a", 1);
        storeMinutes(prefix + "b", 12);

        Answer answer = api.get("/v1/aggregates?" + RANGE + "&fill=previous");

        assertThat(answer.status()).isEqualTo(200);
        List<String> ours = new ArrayList<>();
        answer.json().forEach(w -> {
            if (w.get("series").asText().startsWith(prefix)) {
                ours.add(w.get("series").asText().substring(prefix.length()) + "@" + w.get("start").asText().substring(11, 16)
                        + "=" + w.get("fields").get("temperature").get("last").asInt() + (w.get("filled").asBoolean() ? "*" : ""));
            }
        });
        assertThat(ours).containsExactly("a@23:00=20", "a@23:05=20*", "a@23:10=20*", "b@23:00=24", "b@23:05=29",
                "b@23:10=31");
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
            "fill=prev | INVALID_FILL | fill 'prev' is not a fill mode; use none, null, previous or linear",
            "fill=linear&from=2026-07-21T23:01:00Z | INVALID_FILL | fill=linear needs from and to on window boundaries"
                    + " (multiples of 5m since the epoch); from 2026-07-21T23:01:00Z is not: use 2026-07-21T23:00:00Z"
                    + " or 2026-07-21T23:05:00Z",
            "fill=previous&maxGap=soon | INVALID_MAX_GAP | maxGap 'soon': expected a duration such as 500ms, 30s, 5m, 1h,"
                    + " 90d or ISO-8601 PT5M",
            "fill=previous&maxGap=PT-5M | INVALID_MAX_GAP | maxGap -5m is negative",
            "fill=linear&maxGap=PT0.0001S | INVALID_MAX_GAP | maxGap 100µs is not a whole number of milliseconds",
            "fill=null&maxGap=5m | INVALID_MAX_GAP | maxGap 5m has no effect with fill=null; it limits fill=previous and"
                    + " fill=linear",
            "maxGap=5m | INVALID_MAX_GAP | maxGap 5m has no effect with fill=none; it limits fill=previous and fill=linear",
            "fill=null&window=1m&from=2026-07-21T00:00:00Z&to=2026-07-22T00:00:00Z | TOO_MANY_WINDOWS | the aggregation"
                    + " would produce 1440 windows; at most 1000 are allowed: narrow the range or widen the window"})
    void badFillParametersAreRefusedWithA400InTheUsersWords(String query, String code, String message) {
        for (String route : List.of("/v1/series/" + newSeries() + "/aggregates?", "/v1/aggregates?")) {
            storeMinutes(route.contains("series") ? route.split("/")[3] : newSeries(), 1);

            Answer answer = api.get(route + query);

            assertThat(answer.status()).as(route + query).isEqualTo(400);
            assertThat(answer.json().get("error").asText()).isEqualTo(code);
            assertThat(answer.json().get("message").asText()).isEqualTo(message);
        }
    }

    private void post(String... readings) {
        Answer answer = api.post("/v1/readings", "[" + String.join(",", readings) + "]");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(readings.length);
    }
}
