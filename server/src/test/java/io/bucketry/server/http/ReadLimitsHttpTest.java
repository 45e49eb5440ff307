package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36 item 2: what one read request may build is bounded (here maxWindows 1000, the base's), a
 * request over the bound is refused with a JSON error saying what to change, one just under is answered,
 * and a Grafana query's targets share the bound.
 */
class ReadLimitsHttpTest extends ApiTestBase {

    /** A day no other test of this class writes: the all-series aggregates count only these series. */
    private static final Instant DAY = Instant.parse("2026-07-20T00:00:00Z");
    /** The day of the one-series aggregates test's own series. */
    private static final Instant OTHER_DAY = Instant.parse("2026-07-19T00:00:00Z");

    private final String series = newSeries();
    private final String other = newSeries();

    @BeforeAll
    void storeTwoSeriesOf501MinutesEach() {
        for (String s : List.of(series, other)) {
            List<String> batch = new ArrayList<>();
            for (int i = 0; i < 501; i++) {
                batch.add(reading(s, Long.toString(DAY.plusSeconds(60L * i).toEpochMilli()), "{\"v\":" + i + "}"));
                if (batch.size() == 50 || i == 500) {
                    assertThat(api.post("/v1/readings", "[" + String.join(",", batch) + "]").status()).isEqualTo(200);
                    batch.clear();
                }
            }
        }
    }

    private static void assertRefused(Answer answer, String code, String... words) {
        assertThat(answer.status()).as("%s", answer.json()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo(code);
        for (String word : words) {
            assertThat(answer.json().path("message").asText()).contains(word);
        }
    }

    @Test
    void aggregatesOfOneSeriesOverMaxWindowsAreRefusedAndJustUnderAreAnswered() {
        // given a series of 1001 readings a millisecond apart; when 1 ms windows over all of them, then refused
        List<String> readings = new ArrayList<>();
        String tight = newSeries();
        for (int i = 0; i < 1001; i++) {
            readings.add(reading(tight, Long.toString(OTHER_DAY.plusMillis(i).toEpochMilli()), "{\"v\":1}"));
        }
        for (int from = 0; from < readings.size(); from += 50) {
            api.post("/v1/readings", "[" + String.join(",", readings.subList(from, Math.min(from + 50, 1001))) + "]");
        }
        String path = "/v1/series/" + tight + "/aggregates?window=1ms&from=" + OTHER_DAY + "&to=";
        assertRefused(api.get(path + OTHER_DAY.plusMillis(1001)), "TOO_MANY_WINDOWS", "more than 1000 windows", "at most 1000", "narrow the range or widen the window");

        // and 1000 windows are answered
        assertThat(api.get(path + OTHER_DAY.plusMillis(1000)).json().size()).isEqualTo(1000);
    }

    @Test
    void aggregatesOfAllSeriesCountEverySeriesWindowsAgainstMaxWindows() {
        // given two series of 501 one-minute windows each on DAY: 1002 windows in all
        String over = "/v1/aggregates?window=1m&from=" + DAY + "&to=" + DAY.plusSeconds(60 * 501);
        String under = "/v1/aggregates?window=1m&from=" + DAY + "&to=" + DAY.plusSeconds(60 * 500);

        // when / then: over the bound refused, 1000 windows answered
        assertRefused(api.get(over), "TOO_MANY_WINDOWS", "at most 1000", "narrow the range or widen the window");
        Answer answered = api.get(under);
        assertThat(answered.status()).as("%s", answered.json()).isEqualTo(200);
        assertThat(answered.json().size()).isEqualTo(1000);
    }

    @Test
    void rawReadingsOverTheLimitAreRefusedAndAtTheLimitAnswered() {
        assertRefused(api.get("/v1/series/" + series + "/readings?limit=100001&from=" + DAY), "INVALID_LIMIT",
                "100001", "100000", "read a longer range in parts");
        assertThat(api.get("/v1/series/" + series + "/readings?limit=100000&from=" + DAY).json().size()).isEqualTo(501);
    }

    @Test
    void pagesOverTheLargestSizeAreRefusedAndAtItAnswered() {
        assertRefused(api.get("/v1/series/" + series + "/pages/1?size=100001"), "INVALID_PAGE_SIZE", "100001", "100000");
        assertThat(api.get("/v1/series/" + series + "/pages/1?size=100000").json().size()).isEqualTo(501);
    }

    @Test
    void seriesListingsOverTheLargestLimitAreRefusedAndAtItAnswered() {
        assertRefused(api.get("/v1/series?limit=1001"), "INVALID_LIMIT", "1001", "1000");
        assertThat(api.get("/v1/series?limit=1000").status()).isEqualTo(200);
    }

    @Test
    void aGrafanaQueryOfManyTargetsSharesMaxWindowsInsteadOfBuildingPointsPerTarget() {
        // given 100 targets asking 50,000 points each at 1 ms, over 501 minutes of readings
        String query = grafanaQuery(100, 50_000);

        // when
        Answer answer = api.post("/grafana/query", query);

        // then all 100 are answered, 10 points each at most: 1000 in all, the bound
        assertThat(answer.status()).as("%s", answer.json()).isEqualTo(200);
        assertThat(answer.json().size()).isEqualTo(100);
        int points = 0;
        for (JsonNode target : answer.json()) {
            assertThat(target.get("datapoints").size()).isBetween(1, 10);
            points += target.get("datapoints").size();
        }
        assertThat(points).isLessThanOrEqualTo(1000);
        assertThat(api.get("/health").status()).isEqualTo(200);
    }

    @Test
    void aGrafanaQueryJustUnderTheBoundGetsTheResolutionItAsks() {
        // given 2 targets asking 500 points each: 1000 in all, within the bound
        Answer answer = api.post("/grafana/query", grafanaQuery(2, 500));

        // then each gets a point per minute of its 501 (the window is 1 minute: 501 minutes need 500 < x)
        assertThat(answer.status()).isEqualTo(200);
        for (JsonNode target : answer.json()) {
            assertThat(target.get("datapoints").size()).isLessThanOrEqualTo(500).isGreaterThanOrEqualTo(250);
        }
        assertThat(GrafanaRoutes.pointsPerTarget(500, 2, 1000)).isEqualTo(500);
        assertThat(GrafanaRoutes.pointsPerTarget(50_000, 100, 1000)).isEqualTo(10);
        assertThat(GrafanaRoutes.pointsPerTarget(50_000, 2000, 1000)).as("at least one point").isEqualTo(1);
    }

    private String grafanaQuery(int targets, int maxDataPoints) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < targets; i++) {
            list.append(i == 0 ? "" : ",").append("{\"target\":\"").append(i % 2 == 0 ? series : other)
                    .append(":v\",\"refId\":\"T").append(i).append("\"}");
        }
        return "{\"range\":{\"from\":\"" + DAY + "\",\"to\":\"" + DAY.plusSeconds(60 * 501) + "\"},"
                + "\"intervalMs\":1,\"maxDataPoints\":" + maxDataPoints + ",\"targets\":[" + list + "]}";
    }
}
