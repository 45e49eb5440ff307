package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard's tag filter and chart of groups in headless Chromium (issue 32 item 5), against a server of
 * 40 tagged series whose maxWindows (5,000) lets 40 groups through over an hour (121 windows each) but not
 * over a day (145). Skipped, with the reason printed, where chromium or chromedriver is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DashboardGroupsBrowserTest {

    static final int SERIES = 40;
    static final int MAX_WINDOWS = 5000;
    static final String LIST = "return [...document.querySelectorAll('#series-list li')].map(li => ({id: li.dataset.series,"
            + " tags: li.querySelector('.tags')?.textContent ?? ''}))";
    /** The chart of temperature per group once drawn for the groups asked for last: its labels, legend and columns. */
    static final String GROUP_CHART = "const p = bucketry.groupPlots.temperature, v = bucketry.view;"
            + "return p && v.groupsDrawn && v.groupsDrawn === v.groupsUrl && v.groupsUrl.includes(arguments[0])"
            + " ? {url: v.groupsUrl, labels: p.series.slice(1).map(s => s.label), data: p.data,"
            + " legend: [...p.root.querySelectorAll('.u-legend .u-label')].slice(1).map(l => l.textContent),"
            + " note: document.getElementById('window').textContent} : null";

    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private final Map<String, Map<String, String>> tags = new TreeMap<>();
    private Bucketry bucketry;
    private ApiServer server;
    private Api api;
    private WebDriver browser;

    @BeforeAll
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void startServerAndBrowser() throws Exception {
        browser = WebDriver.startOrSkip(DashboardBrowserTest.ARTIFACTS);
        bucketry = Bucketry.start(BucketryConfig.builder().maxWindows(MAX_WINDOWS).build());
        server = ApiServer.start(bucketry, LocalServer.config());
        api = new Api(server.port());
        store();
        browser.open("http://127.0.0.1:" + server.port() + "/");
    }

    /**
     * dev-00 … dev-39, a reading every 30 s over the last hour, tagged with a room each, a type (temp for even
     * numbers, hum for odd) and a building b1–b4 (the number modulo 4, plus one), but dev-38, which has none.
     */
    private void store() {
        List<String> readings = new ArrayList<>();
        for (int i = 0; i < SERIES; i++) {
            String id = String.format("dev-%02d", i);
            Map<String, String> of = new TreeMap<>(Map.of("room", String.format("r%02d", i), "type", i % 2 == 0 ? "temp" : "hum"));
            if (i != 38) {
                of.put("building", "b" + (i % 4 + 1));
            }
            tags.put(id, of);
            String json = of.entrySet().stream().map(e -> "\"" + e.getKey() + "\":\"" + e.getValue() + "\"")
                    .collect(Collectors.joining(",", "{", "}"));
            for (int k = 120; k > 0; k--) {
                readings.add("{\"series\":\"" + id + "\",\"time\":\"" + now.minusSeconds(30L * k) + "\",\"fields\":"
                        + "{\"temperature\":" + (20 + i % 4 + k % 10 / 10.0) + "},\"tags\":" + json + "}");
            }
        }
        Api.Answer answer = api.post("/v1/readings", "[" + String.join(",", readings) + "]");
        assertThat(answer.json().get("accepted").asInt()).as(answer.json().toString()).isEqualTo(readings.size());
    }

    @AfterAll
    void stop() {
        try (WebDriver b = browser; Bucketry store = bucketry; ApiServer s = server) {
            // each closed, the server first; a null one (the test skipped) is passed over
        }
    }

    private List<String> seriesWhere(Predicate<Map<String, String>> condition) {
        return tags.entrySet().stream().filter(e -> condition.test(e.getValue())).map(Map.Entry::getKey).toList();
    }

    private static String tagsText(Map<String, String> of) {
        return of.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** Types text in the tag filter in place of what it held (a blank filter for none: clearing alone fires no input). */
    private void filter(String text) {
        browser.clear("#tags");
        browser.type("#tags", text.isEmpty() ? " " : text);
    }

    @Test
    @Order(1)
    void theTagFilterNarrowsTheSeriesListToTheSeriesWhoseLatestTagsMatchAndEachShowsItsTags() {
        // given: the whole list, 40 series
        browser.waitFor(DashboardBrowserTest.WAIT, "every series listed", LIST, v -> v.size() == SERIES);

        // when: every condition must hold; a value list is one of them; a key alone is any value
        filter("building:b1,b2 type:temp");
        JsonNode listed = browser.waitFor(DashboardBrowserTest.WAIT, "the list to narrow", LIST, v -> v.size() < SERIES);

        // then
        List<String> expected = seriesWhere(t -> ("b1".equals(t.get("building")) || "b2".equals(t.get("building"))) && t.get("type").equals("temp"));
        assertThat(expected).isNotEmpty();
        List<String> ids = new ArrayList<>();
        listed.forEach(li -> {
            ids.add(li.get("id").asText());
            assertThat(li.get("tags").asText()).as(li.toString()).isEqualTo(tagsText(tags.get(li.get("id").asText())));
        });
        assertThat(ids).isEqualTo(expected);
        JsonNode route = api.get("/v1/series?tag=building:b1,b2&tag=type:temp&limit=50").json().get("series");
        assertThat(route.size()).isEqualTo(expected.size());

        filter("building");
        browser.waitFor(DashboardBrowserTest.WAIT, "the series with a building", LIST,
                v -> v.size() == seriesWhere(t -> t.containsKey("building")).size());
    }

    @Test
    @Order(2)
    void aBadTagFilterShowsTheServersMessage() {
        filter("1floor:2");

        JsonNode shown = browser.waitFor(DashboardBrowserTest.WAIT, "the error message", DashboardScripts.VISIBLE_ERROR,
                v -> v.asText().contains("INVALID_TAG_FILTER"));

        String message = api.get("/v1/series?tag=1floor:2").json().get("message").asText();
        assertThat(shown.asText()).isEqualTo("400 INVALID_TAG_FILTER: " + message);
        filter("");
        browser.waitFor(DashboardBrowserTest.WAIT, "the message to go", DashboardScripts.VISIBLE_ERROR, JsonNode::isNull);
    }

    @Test
    @Order(3)
    void aChartOfGroupsDrawsALinePerGroupOfTheGroupedAggregatesNamedWithTheSeriesMerged() throws Exception {
        // given
        filter("type:temp");
        browser.type("#group-by", "building");

        // when
        browser.click("#grouping button[type='submit']");
        JsonNode chart = browser.waitFor(DashboardBrowserTest.WAIT, "the chart of groups", GROUP_CHART, v -> !v.isNull(),
                "groupBy=building");

        // then: one line per group the route answers, named by its tag value and the number of series merged
        JsonNode answer = api.get(chart.get("url").asText()).json();
        List<String> labels = new ArrayList<>();
        Map<String, Integer> merged = new LinkedHashMap<>();
        answer.forEach(g -> {
            JsonNode value = g.get("group").get("building");
            String name = value.isNull() ? "building (none)" : "building=" + value.asText();
            labels.add(name + " · " + g.get("series").asInt() + " series");
            merged.put(name, g.get("series").asInt());
        });
        assertThat(strings(chart.get("labels"))).isEqualTo(labels);
        assertThat(strings(chart.get("legend"))).isEqualTo(labels);
        Map<String, Integer> bruteForce = new LinkedHashMap<>();
        seriesWhere(t -> t.get("type").equals("temp")).forEach(id -> bruteForce.merge(
                tags.get(id).containsKey("building") ? "building=" + tags.get(id).get("building") : "building (none)", 1, Integer::sum));
        assertThat(merged).as("series merged per group").containsExactlyInAnyOrderEntriesOf(bruteForce);
        JsonNode columns = chart.get("data");
        for (int g = 0; g < answer.size(); g++) {
            JsonNode windows = answer.get(g).get("windows");
            assertThat(columns.get(g + 1).size()).isEqualTo(windows.size());
            for (int w = 0; w < windows.size(); w++) {
                JsonNode t = windows.get(w).get("fields").get("temperature");
                assertThat(columns.get(0).get(w).asDouble()).isEqualTo(Instant.parse(windows.get(w).get("start").asText())
                        .toEpochMilli() / 1000.0);
                if (t != null) {
                    assertThat(columns.get(g + 1).get(w).asDouble()).as("group %d window %d", g, w).isEqualTo(t.get("avg").asDouble());
                }
            }
        }
        assertThat(browser.script("return location.hash").asText()).isEqualTo("#groupBy=building&tag=type%3Atemp");
        browser.script("window.scrollTo(0, 0)");
        browser.screenshot(DashboardBrowserTest.ARTIFACTS.resolve("dashboard-groups.png"));
    }

    @Test
    @Order(4)
    void tooManyGroupsForTheRangeShowTheRoutesRefusalAndOverAShorterRangeTheFirstGroupsAreDrawn() {
        // given: a room per series, 40 groups × 145 windows of the default day, more than maxWindows
        filter("");
        browser.clear("#group-by");
        browser.type("#group-by", "room");

        // when
        browser.click("#grouping button[type='submit']");

        // then
        JsonNode shown = browser.waitFor(DashboardBrowserTest.WAIT, "the refusal", DashboardScripts.VISIBLE_ERROR,
                v -> v.asText().contains("TOO_MANY_WINDOWS"));
        String url = browser.script("return bucketry.view.groupsUrl").asText();
        Api.Answer refused = api.get(url);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(shown.asText()).isEqualTo("400 TOO_MANY_WINDOWS: " + refused.json().get("message").asText());
        assertThat(browser.script("return document.querySelectorAll('#group-charts .chart').length").asInt()).isZero();

        // when: an hour, 40 × 121 windows
        browser.click("#ranges button[data-range='1h']");

        // then
        JsonNode chart = browser.waitFor(DashboardBrowserTest.WAIT, "the chart of rooms", GROUP_CHART,
                v -> !v.isNull() && v.get("url").asText().contains("window=30s"), "groupBy=room");
        JsonNode answer = api.get(chart.get("url").asText()).json();
        assertThat(answer.size()).isEqualTo(SERIES);
        List<String> first = IntStream.range(0, 20).mapToObj(i -> "room=" + answer.get(i).get("group").get("room").asText()
                + " · 1 series").toList();
        assertThat(strings(chart.get("labels"))).isEqualTo(first);
        assertThat(chart.get("note").asText()).startsWith("window 30s, " + SERIES + " groups: the first 20 are drawn");
        browser.waitFor(DashboardBrowserTest.WAIT, "the refusal to go", DashboardScripts.VISIBLE_ERROR, JsonNode::isNull);
    }

    @Test
    @Order(5)
    void aLinkToAChartOfGroupsOpensIt() {
        browser.open("http://127.0.0.1:" + server.port() + "/?linked#groupBy=building&tag=type%3Ahum&from=now-1h");

        JsonNode chart = browser.waitFor(DashboardBrowserTest.WAIT, "the linked chart", GROUP_CHART,
                v -> !v.isNull() && v.get("url").asText().contains("tag=type%3Ahum"), "groupBy=building");

        List<String> hum = seriesWhere(t -> t.get("type").equals("hum"));
        assertThat(chart.get("labels").size()).isEqualTo(hum.stream().map(id -> tags.get(id).get("building")).distinct().count());
        assertThat(browser.script("return document.getElementById('tags').value").asText()).isEqualTo("type:hum");
        assertThat(browser.script("return document.getElementById('group-by').value").asText()).isEqualTo("building");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
