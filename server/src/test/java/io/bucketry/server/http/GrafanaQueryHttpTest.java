package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /grafana/query: the JSON datasource's query, downsampled on the server to at most maxDataPoints. */
class GrafanaQueryHttpTest extends ApiTestBase {

    /** The request of simpod-json-datasource's README ("/query", "Example request"), as documented. */
    static final String DOCUMENTED_QUERY = """
            {
              "panelId": 1,
              "range": {
                "from": "2016-10-31T06:33:44.866Z",
                "to": "2016-10-31T12:33:44.866Z",
                "raw": {
                  "from": "now-6h",
                  "to": "now"
                }
              },
              "rangeRaw": {
                "from": "now-6h",
                "to": "now"
              },
              "interval": "30s",
              "intervalMs": 30000,
              "maxDataPoints": 550,
              "targets": [
                 { "target": "Packets", "refId": "A", "payload": { "additional": "optional json" } },
                 { "target": "Errors", "refId": "B" }
              ],
              "adhocFilters": [{
                "key": "City",
                "operator": "=",
                "value": "Berlin"
              }]
            }
            """;

    static final Instant BASE = Instant.parse("2026-07-21T21:00:00Z");
    static final int READINGS = 720;   // one each 10 s for 2 h

    private final String series = newSeries();
    private final List<long[]> stored = new ArrayList<>();   // {epoch ms, temperature x 4}, tagged City=Berlin, as the documented ad-hoc filter asks
    private final long seed = System.nanoTime();

    @BeforeAll
    void storeTwoHoursEveryTenSeconds() {
        Random random = new Random(seed);
        List<String> batch = new ArrayList<>();
        for (int i = 0; i < READINGS; i++) {
            long time = BASE.toEpochMilli() + 10_000L * i;
            long quarters = random.nextInt(400) - 200;   // multiples of 0.25: sums stay exact
            stored.add(new long[] {time, quarters});
            String fields = "{\"temperature\":" + quarters / 4.0 + ",\"status\":\"OK\"}";
            batch.add(reading(series, Long.toString(time), fields).replaceFirst("}$", ",\"tags\":{\"City\":\"Berlin\"}}"));
            if (batch.size() == 50 || i == READINGS - 1) {
                assertThat(api.post("/v1/readings", "[" + String.join(",", batch) + "]").status()).isEqualTo(200);
                batch.clear();
            }
        }
    }

    private String documented(Instant from, Instant to, long maxDataPoints, long intervalMs, String packets, String errors) {
        return DOCUMENTED_QUERY.replace("2016-10-31T06:33:44.866Z", from.toString())
                .replace("2016-10-31T12:33:44.866Z", to.toString())
                .replace("\"intervalMs\": 30000", "\"intervalMs\": " + intervalMs)
                .replace("\"maxDataPoints\": 550", "\"maxDataPoints\": " + maxDataPoints)
                .replace("\"Packets\"", "\"" + packets + "\"").replace("\"Errors\"", "\"" + errors + "\"");
    }

    @Test
    void randomQueriesAnswerAtMostMaxDataPointsEachTheBruteForceStatisticOfItsWindow() {
        Random random = new Random(seed);
        long[] points = {1, 2, 3, 7, 10, 50, 100, 550, 2000};
        long[] intervals = {1, 1000, 10_000, 30_000, 60_000, 300_000};
        for (int i = 0; i < 25; i++) {
            Instant from = BASE.plusMillis(random.nextInt(7_200_000));
            Instant to = from.plusMillis(1 + random.nextInt(8_000_000));
            long maxPoints = points[random.nextInt(points.length)];
            long interval = intervals[random.nextInt(intervals.length)];
            String what = "seed " + seed + ": [" + from + ", " + to + ") maxDataPoints " + maxPoints + " intervalMs " + interval;

            Answer answer = api.post("/grafana/query", documented(from, to, maxPoints, interval,
                    "max(" + series + ":temperature)", series + ":temperature"));

            assertThat(answer.status()).as(what + " " + answer.json()).isEqualTo(200);
            JsonNode max = answer.json().get(0);
            JsonNode avg = answer.json().get(1);
            assertThat(max.get("target").asText()).isEqualTo("max(" + series + ":temperature)");
            assertThat(avg.get("target").asText()).isEqualTo(series + ":temperature");
            assertThat(avg.get("datapoints").size()).as(what).isLessThanOrEqualTo((int) maxPoints);
            long window = windowOf(avg.get("datapoints"));
            if (window > 0) {
                assertThat(window).as(what).isGreaterThanOrEqualTo(interval);
            }
            long first = avg.get("datapoints").path(0).path(1).asLong();
            assertThat(pairs(avg.get("datapoints"))).as(what + " window " + window).isEqualTo(bruteForce(from, to,
                    window, first, q -> q.stream().mapToLong(v -> v).sum() / 4.0 / q.size()));
            assertThat(pairs(max.get("datapoints"))).as(what + " window " + window).isEqualTo(bruteForce(from, to,
                    window, first, q -> q.stream().mapToLong(v -> v).max().orElseThrow() / 4.0));
        }
    }

    @Test
    void payloadStatisticsAnswerCountFirstAndLastPerWindow() {
        Instant from = BASE.plusSeconds(95);
        Instant to = BASE.plusSeconds(3600);
        String body = documented(from, to, 12, 1, series + ":temperature", series + ":temperature")
                .replace("{ \"additional\": \"optional json\" }", "{ \"stat\": \"count\" }")
                .replace("\"refId\": \"B\"", "\"refId\": \"B\", \"payload\": { \"stat\": \"last\" }");

        Answer answer = api.post("/grafana/query", body);

        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        JsonNode count = answer.json().get(0).get("datapoints");
        JsonNode last = answer.json().get(1).get("datapoints");
        assertThat(answer.json().get(0).get("target").asText()).isEqualTo("count(" + series + ":temperature)");
        long window = windowOf(count);
        assertThat(window).isPositive();
        assertThat(pairs(count)).isEqualTo(bruteForce(from, to, window, 0, q -> (double) q.size()));
        assertThat(pairs(last)).isEqualTo(bruteForce(from, to, window, 0, q -> q.get(q.size() - 1) / 4.0));
        assertThat(count.size()).isLessThanOrEqualTo(12);
    }

    @Test
    void theDocumentedAdHocFilterKeepsOnlyTheReadingsWrittenWithItsTag() {
        Instant from = BASE;
        Instant to = BASE.plusSeconds(3600);
        String berlin = documented(from, to, 12, 1, series + ":temperature", "*:temperature");

        Answer kept = api.post("/grafana/query", berlin);
        Answer none = api.post("/grafana/query", berlin.replace("\"Berlin\"", "\"Paris\""));

        assertThat(kept.status()).as(kept.json().toString()).isEqualTo(200);
        long window = windowOf(kept.json().get(0).get("datapoints"));
        List<List<Double>> expected = bruteForce(from, to, window, 0, q -> q.stream().mapToLong(v -> v).sum() / 4.0 / q.size());
        assertThat(pairs(kept.json().get(0).get("datapoints"))).isEqualTo(expected);
        assertThat(kept.json().get(1).get("target").asText()).isEqualTo(series + ":temperature");   // the one Berlin series
        assertThat(pairs(kept.json().get(1).get("datapoints"))).isEqualTo(expected);
        assertThat(none.status()).isEqualTo(200);
        assertThat(none.json().size()).isEqualTo(2);
        none.json().forEach(target -> assertThat(target.get("datapoints").isEmpty()).as(target.toString()).isTrue());
        assertThat(none.json().get(1).get("target").asText()).isEqualTo("*:temperature");
    }

    @Test
    void unknownSeriesFieldsAndTextFieldsAnswerTheirTargetWithNoDataPoints() {
        Instant from = BASE;
        Instant to = BASE.plusSeconds(3600);

        Answer answer = api.post("/grafana/query", documented(from, to, 100, 1000, newSeries() + ":temperature",
                series + ":humidity").replace("\"refId\": \"B\"", "\"refId\": \"B\" }, { \"target\": \"" + series
                + ":status\""));

        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        assertThat(answer.json().size()).isEqualTo(3);
        answer.json().forEach(target -> assertThat(target.get("datapoints").isEmpty()).as(target.toString()).isTrue());
        assertThat(answer.json().get(1).get("target").asText()).isEqualTo(series + ":humidity");
    }

    /** The window the answer used, from its points: aligned to it and, as the series is dense, one apart; 0 for one point. */
    private static long windowOf(JsonNode datapoints) {
        if (datapoints.size() < 2) {
            return 0;
        }
        long window = datapoints.get(1).get(1).asLong() - datapoints.get(0).get(1).asLong();
        for (JsonNode point : datapoints) {
            assertThat(Math.floorMod(point.get(1).asLong(), window)).as("aligned to " + window).isZero();
        }
        return window;
    }

    private static List<List<Double>> pairs(JsonNode datapoints) {
        List<List<Double>> pairs = new ArrayList<>();
        datapoints.forEach(p -> pairs.add(List.of(p.get(0).asDouble(), p.get(1).asDouble())));
        return pairs;
    }

    /**
     * Per window of {@code window} ms aligned to the epoch (0: one window starting at {@code single}),
     * the statistic of the stored values in [from, to).
     */
    private List<List<Double>> bruteForce(Instant from, Instant to, long window, long single,
                                          Function<List<Long>, Double> stat) {
        Map<Long, List<Long>> windows = new TreeMap<>();
        for (long[] reading : stored) {
            if (reading[0] >= from.toEpochMilli() && reading[0] < to.toEpochMilli()) {
                long start = window == 0 ? single : Math.floorDiv(reading[0], window) * window;
                windows.computeIfAbsent(start, k -> new ArrayList<>()).add(reading[1]);
            }
        }
        List<List<Double>> expected = new ArrayList<>();
        windows.forEach((start, values) -> expected.add(List.of(stat.apply(values), (double) start)));
        return expected;
    }
}
