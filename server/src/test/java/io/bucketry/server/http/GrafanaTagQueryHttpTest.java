package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /grafana/query with tags: a target's payload {@code tag} and {@code groupBy}, the query's ad-hoc
 * filters, {@code *:field} for every series; each answer checked against a brute force over the readings
 * written, each with the tags it was written with.
 */
class GrafanaTagQueryHttpTest extends ApiTestBase {

    private static final Instant BASE = Instant.parse("2026-07-21T21:00:00Z");
    private static final int STEPS = 720;   // one reading per series each 10 s for 2 h
    private static final String[] STATS = {"avg", "min", "max", "sum", "count", "first", "last"};

    /** One reading written: its series, time, temperature in quarters and tags. */
    private record Written(String series, long time, long quarters, Map<String, String> tags) {
    }

    private final String run = "r" + UUID.randomUUID().toString().replace("-", "");
    private final String prefix = newSeries();
    private final List<Written> written = new ArrayList<>();
    private final long seed = System.nanoTime();

    /**
     * Six series of one run: a, b in building 7; c, d in building 8 (d also of type "hum"); e without a building;
     * m moved from building 7 to 8 half way. All write at the same instants, so that first and last tie across series.
     */
    @BeforeAll
    void storeSixSeriesWithTags() {
        Random random = new Random(seed);
        Map<String, String> buildings = Map.of("a", "7", "b", "7", "c", "8", "d", "8");
        List<String> batch = new ArrayList<>();
        for (int i = 0; i < STEPS; i++) {
            long time = BASE.toEpochMilli() + 10_000L * i;
            for (String name : List.of("a", "b", "c", "d", "e", "m")) {
                Map<String, String> tags = new TreeMap<>(Map.of("run", run));
                if (buildings.containsKey(name)) {
                    tags.put("building", buildings.get(name));
                }
                if (name.equals("m")) {
                    tags.put("building", i < STEPS / 2 ? "7" : "8");
                }
                if (name.equals("d")) {
                    tags.put("type", "hum");
                }
                long quarters = random.nextInt(400) - 200;   // multiples of 0.25: sums stay exact
                written.add(new Written(prefix + "." + name, time, quarters, tags));
                batch.add("{\"series\":\"" + prefix + "." + name + "\",\"time\":" + time + ",\"fields\":{\"temperature\":"
                        + quarters / 4.0 + "},\"tags\":" + json(tags) + "}");
                if (batch.size() == 48) {
                    assertThat(api.post("/v1/readings", "[" + String.join(",", batch) + "]").status()).isEqualTo(200);
                    batch.clear();
                }
            }
        }
    }

    @Test
    void groupedTargetsAnswerOneSeriesPerGroupEqualToTheBruteForce() {
        Random random = new Random(seed);
        long[] intervals = {10_000, 30_000, 60_000, 300_000};
        for (int i = 0; i < 12; i++) {
            Instant from = BASE.plusSeconds(random.nextInt(3600));
            Instant to = from.plusSeconds(600 + random.nextInt(7200));
            String stat = STATS[random.nextInt(STATS.length)];
            long interval = intervals[random.nextInt(intervals.length)];
            String what = "seed " + seed + ": " + stat + " [" + from + ", " + to + ") intervalMs " + interval;

            Answer answer = api.post("/grafana/query", query(from, to, 100, interval,
                    "{\"target\": \"*:temperature\", \"refId\": \"A\", \"payload\": {\"stat\": \"" + stat
                            + "\", \"tag\": \"run:" + run + "\", \"groupBy\": \"building\"}}", "[]"));

            assertThat(answer.status()).as(what + " " + answer.json()).isEqualTo(200);
            String name = (stat.equals("avg") ? "" : stat + "(") + "*:temperature" + (stat.equals("avg") ? "" : ")");
            long window = windowOf(answer.json());
            Map<String, List<List<Double>>> expected = bruteForce(from, to, window, stat,
                    w -> true, w -> name + " {building=" + w.tags.get("building") + "}");
            assertThat(answered(answer.json())).as(what + " window " + window).isEqualTo(expected);
            answer.json().forEach(series -> assertThat(series.get("datapoints").size()).isLessThanOrEqualTo(100));
        }
    }

    @Test
    void adHocFiltersKeepTheReadingsWrittenWithTheirTagsOnEveryTarget() {
        Instant from = BASE;
        Instant to = BASE.plusSeconds(7200);
        String filters = "[{\"key\": \"building\", \"operator\": \"=\", \"value\": \"8\"},"
                + " {\"key\": \"run\", \"operator\": \"=\", \"value\": \"" + run + "\"}]";

        Answer answer = api.post("/grafana/query", query(from, to, 12, 1,
                "{\"target\": \"*:temperature\", \"refId\": \"A\"},"
                        + " {\"target\": \"max(" + prefix + ".m:temperature)\", \"refId\": \"B\"},"
                        + " {\"target\": \"*:temperature\", \"refId\": \"C\", \"payload\": {\"groupBy\": [\"type\"]}}", filters));

        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        long window = windowOf(answer.json());
        Predicate<Written> building8 = w -> "8".equals(w.tags.get("building"));
        Map<String, List<List<Double>>> expected = bruteForce(from, to, window, "avg", building8,
                w -> w.series + ":temperature");
        expected.putAll(bruteForce(from, to, window, "max", building8.and(w -> w.series.equals(prefix + ".m")),
                w -> "max(" + w.series + ":temperature)"));
        expected.putAll(bruteForce(from, to, window, "avg", building8, w -> "*:temperature {type=" + w.tags.get("type") + "}"));
        assertThat(answered(answer.json())).isEqualTo(expected);
        assertThat(expected).containsKeys(prefix + ".c:temperature", prefix + ".d:temperature", prefix + ".m:temperature",
                "*:temperature {type=null}", "*:temperature {type=hum}").doesNotContainKey(prefix + ".a:temperature");
    }

    @Test
    void aGroupedTargetBeyondItsShareOfMaxWindowsIsAnsweredWithWiderWindows() {
        // given 1000 windows in all (the test server's maxWindows) and three groups of 720 dense readings
        Instant from = BASE;
        Instant to = BASE.plusSeconds(7200);

        // when a grouped target asks 1000 points at 10 s, 2160 windows in all
        Answer answer = api.post("/grafana/query", query(from, to, 1000, 10_000,
                "{\"target\": \"*:temperature\", \"payload\": {\"stat\": \"count\", \"tag\": \"run:" + run
                        + "\", \"groupBy\": \"building\"}}", "[]"));

        // then its windows are widened so that the groups' points fit, and the values stay exact
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        long window = windowOf(answer.json());
        assertThat(window).isGreaterThan(10_000);
        long points = 0;
        for (JsonNode series : answer.json()) {
            points += series.get("datapoints").size();
        }
        assertThat(points).isBetween(1L, 1000L);
        assertThat(answered(answer.json())).isEqualTo(bruteForce(from, to, window, "count", w -> true,
                w -> "count(*:temperature) {building=" + w.tags.get("building") + "}"));
    }

    @Test
    void aTargetWhoseSeriesCannotHaveOnePointEachWithinItsShareIsRefused() {
        // given 100 targets, so 10 points each, and one of every series of the run: six series, 1 point each fits
        StringBuilder targets = new StringBuilder("{\"target\": \"*:temperature\", \"payload\": {\"tag\": \"run:" + run + "\"}}");
        for (int i = 1; i < GrafanaRoutes.MAX_TARGETS; i++) {
            targets.append(", {\"target\": \"").append(prefix).append(".a:temperature\"}");
        }
        Answer fits = api.post("/grafana/query", query(BASE, BASE.plusSeconds(7200), 1000, 1, targets.toString(), "[]"));
        // when the every-series target has no filter, over 11 more series: 17, more than 10
        String unfiltered = targets.toString().replaceFirst(", \"payload\": \\{\"tag\": \"run:" + run + "\"}", "");
        for (int i = 0; i < 11; i++) {
            storeMinutes(newSeries(), 1);
        }
        Answer refused = api.post("/grafana/query", query(BASE, NOW, 1000, 1, unfiltered, "[]"));

        assertThat(fits.status()).as(fits.json().toString()).isEqualTo(200);
        assertThat(fits.json().size()).isEqualTo(6 + GrafanaRoutes.MAX_TARGETS - 1);
        assertThat(refused.status()).as(refused.json().toString()).isEqualTo(400);
        assertThat(refused.error()).isEqualTo("TOO_MANY_WINDOWS");
        assertThat(refused.json().get("message").asText()).contains("*:temperature", "series", "share of 10");
    }

    @Test
    void aTargetOfEverySeriesThatMatchesNothingIsAnsweredWithNoDataPoints() {
        Answer answer = api.post("/grafana/query", query(BASE, BASE.plusSeconds(7200), 100, 1,
                "{\"target\": \"sum(*:temperature)\", \"payload\": {\"tag\": \"run:none-" + run + "\", \"groupBy\": \"building\"}}",
                "[]"));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().size()).isEqualTo(1);
        assertThat(answer.json().get(0).get("target").asText()).isEqualTo("sum(*:temperature)");
        assertThat(answer.json().get(0).get("datapoints").isEmpty()).isTrue();
    }

    private static String query(Instant from, Instant to, long maxDataPoints, long intervalMs, String targets, String adhoc) {
        return "{\"range\": {\"from\": \"" + from + "\", \"to\": \"" + to + "\"}, \"intervalMs\": " + intervalMs
                + ", \"maxDataPoints\": " + maxDataPoints + ", \"targets\": [" + targets + "], \"adhocFilters\": " + adhoc + "}";
    }

    /**
     * Per name that {@code naming} gives the readings in {@code [from, to)} that {@code keep} keeps, per window of
     * {@code window} ms aligned to the epoch, the statistic; first and last by time, ties to the smallest series id
     * for first and the largest for last (the documented rule).
     */
    private Map<String, List<List<Double>>> bruteForce(Instant from, Instant to, long window, String stat,
                                                       Predicate<Written> keep, Function<Written, String> naming) {
        Map<String, Map<Long, List<Written>>> windows = new TreeMap<>();
        for (Written w : written) {
            if (w.time >= from.toEpochMilli() && w.time < to.toEpochMilli() && keep.test(w)) {
                windows.computeIfAbsent(naming.apply(w), k -> new TreeMap<>())
                        .computeIfAbsent(Math.floorDiv(w.time, window) * window, k -> new ArrayList<>()).add(w);
            }
        }
        Map<String, List<List<Double>>> expected = new TreeMap<>();
        windows.forEach((name, byStart) -> byStart.forEach((start, in) -> expected.computeIfAbsent(name, k -> new ArrayList<>())
                .add(List.of(statistic(stat, in), (double) start))));
        return expected;
    }

    private static double statistic(String stat, List<Written> in) {
        List<Written> ordered = new ArrayList<>(in);
        ordered.sort(Comparator.comparingLong(Written::time).thenComparing(Written::series));
        long sum = ordered.stream().mapToLong(Written::quarters).sum();
        return switch (stat) {
            case "avg" -> sum / 4.0 / ordered.size();
            case "min" -> ordered.stream().mapToLong(Written::quarters).min().orElseThrow() / 4.0;
            case "max" -> ordered.stream().mapToLong(Written::quarters).max().orElseThrow() / 4.0;
            case "sum" -> sum / 4.0;
            case "count" -> ordered.size();
            case "first" -> ordered.get(0).quarters / 4.0;
            case "last" -> ordered.get(ordered.size() - 1).quarters / 4.0;
            default -> throw new IllegalArgumentException(stat);
        };
    }

    /** The answer as name to data points ({@code [value, start]}). */
    private static Map<String, List<List<Double>>> answered(JsonNode answer) {
        Map<String, List<List<Double>>> series = new TreeMap<>();
        for (JsonNode target : answer) {
            List<List<Double>> pairs = new ArrayList<>();
            target.get("datapoints").forEach(p -> pairs.add(List.of(p.get(0).asDouble(), p.get(1).asDouble())));
            assertThat(series.put(target.get("target").asText(), pairs)).as("one series per name").isNull();
        }
        return series;
    }

    /** The window of the answer: the smallest step between points (the readings are dense: no window is empty). */
    private static long windowOf(JsonNode answer) {
        long window = Long.MAX_VALUE;
        for (JsonNode target : answer) {
            JsonNode points = target.get("datapoints");
            for (int i = 1; i < points.size(); i++) {
                window = Math.min(window, points.get(i).get(1).asLong() - points.get(i - 1).get(1).asLong());
            }
        }
        assertThat(window).as("an answer of more than one point").isLessThan(Long.MAX_VALUE);
        return window;
    }

    private static String json(Map<String, String> tags) {
        Map<String, String> ordered = new LinkedHashMap<>(tags);
        StringBuilder out = new StringBuilder("{");
        ordered.forEach((k, v) -> out.append(out.length() == 1 ? "" : ",").append('"').append(k).append("\":\"").append(v).append('"'));
        return out.append('}').toString();
    }
}
