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

import io.bucketry.bootstrap.config.Durations;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard page in a real headless Chromium against a running server with known data (readings
 * relative to now): what a person sees. Skipped, with the reason printed, where chromium or
 * chromedriver is not installed. Screenshots are kept in target/browser-test/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DashboardBrowserTest {

    static final Path ARTIFACTS = Path.of("target", "browser-test");
    static final Duration WAIT = Duration.ofSeconds(15);
    /**
     * Pixels of the min-max band's colour the pressure chart shows at least (about 8,800 of its 914 × 220 with
     * the band filled at 30 %; with the former 15 % fill and min and max lines, only the lines' pixels came near).
     */
    static final int BAND_PIXELS = 5000;

    private final DashboardData data = new DashboardData(Instant.now());
    private Bucketry bucketry;
    private ApiServer server;
    private Api api;
    private WebDriver browser;

    @BeforeAll
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void startServerAndBrowser() throws Exception {
        browser = WebDriver.startOrSkip(ARTIFACTS);
        bucketry = Bucketry.start(BucketryConfig.builder().build());
        server = ApiServer.start(bucketry, LocalServer.config());
        api = new Api(server.port());
        data.store(api);
        browser.open("http://127.0.0.1:" + server.port() + "/");
    }

    @AfterAll
    void stop() {
        if (browser != null) {
            browser.close();
        }
        if (server != null) {
            server.close();   // again after the last test: closing a stopped server does nothing
            bucketry.close();
        }
    }

    @Test
    @Order(1)
    void theSeriesListNarrowsAsTheUserTypesAPrefix() {
        String ids = "return [...document.querySelectorAll('#series-list li')].map(li => li.dataset.series)";
        browser.waitFor(WAIT, "every series listed", ids, v -> v.size() == DashboardData.SERIES.size());
        assertThat(strings(browser.script(ids))).containsExactlyElementsOf(DashboardData.SERIES);

        browser.type("#search", "plant.");

        JsonNode narrowed = browser.waitFor(WAIT, "the list to narrow", ids, v -> v.size() == 2);
        assertThat(strings(narrowed)).containsExactly(DashboardData.BOILER_1, DashboardData.BOILER_2);
        assertThat(browser.script("return document.querySelector('#series-list li').textContent").asText())
                .isEqualTo(DashboardData.BOILER_1 + " " + DashboardData.plain(data.readings(DashboardData.BOILER_1).size()));
    }

    @Test
    @Order(2)
    void theChartOfEachNumericFieldDrawsTheAggregatesOfTheWindowThePageAskedFor() {
        browser.click("#series-list li[data-series='" + DashboardData.BOILER_1 + "']");
        browser.click("#ranges button[data-range='1h']");
        String drawn = "const p = bucketry.plots.temperature, v = bucketry.view;"
                + "return p && v.aggregatesUrl.includes('window=5s') ? {url: v.aggregatesUrl, data: p.data,"
                + " fields: Object.keys(bucketry.plots).sort()} : null";

        JsonNode chart = browser.waitFor(WAIT, "the 1 h chart of temperature", drawn, v -> !v.isNull());

        assertThat(strings(chart.get("fields"))).containsExactly("pressure", "temperature");
        JsonNode windows = api.get(chart.get("url").asText()).json();
        assertThat(windows.size()).isGreaterThan(100);
        JsonNode columns = chart.get("data");
        assertThat(columns.get(0).size()).isEqualTo(windows.size());
        assertThat(query(chart.get("url").asText())).containsEntry("fill", "null");
        int empty = 0;
        for (int i = 0; i < windows.size(); i++) {
            JsonNode w = windows.get(i);
            JsonNode t = w.get("fields").get("temperature");
            assertThat(columns.get(0).get(i).asDouble()).as("x of window %d", i)
                    .isEqualTo(Instant.parse(w.get("start").asText()).toEpochMilli() / 1000.0);
            if (t == null) {   // an empty window of the range (fill=null): no point
                empty++;
                assertThat(List.of(columns.get(1).get(i), columns.get(2).get(i), columns.get(3).get(i)))
                        .as("window %d", i).allMatch(JsonNode::isNull);
                continue;
            }
            assertThat(columns.get(1).get(i).asDouble()).as("min of window %d", i).isEqualTo(t.get("min").asDouble());
            assertThat(columns.get(2).get(i).asDouble()).as("max of window %d", i).isEqualTo(t.get("max").asDouble());
            assertThat(columns.get(3).get(i).asDouble()).as("avg of window %d", i).isEqualTo(t.get("avg").asDouble());
        }
        assertThat(empty).as("empty windows: the range began before the first reading").isPositive();
        assertThat(browser.script(DashboardScripts.AVERAGE_LINE_PIXELS, "temperature").asInt())
                .as("pixels of the average line's colour on the canvas").isGreaterThan(200);
        // the band is filled with the line's blue at 30 % over white: rgb(193, 212, 250), clearly apart from white
        assertThat(browser.script(DashboardScripts.PIXELS_OF_COLOUR, "pressure", 193, 212, 250).asInt())
                .as("pixels of the min-max band's colour").isGreaterThan(BAND_PIXELS);
        assertThat(browser.script("return location.hash").asText()).isEqualTo("#series=plant.boiler-1&from=now-1h");
        assertThat(strings(browser.script(DashboardScripts.FOREIGN_RESOURCES))).as("resources from elsewhere").isEmpty();
    }

    @Test
    @Order(3)
    void everyPresetRangeAsksForAWindowThatGivesAtMostAThousandPoints() {
        String asked = "return bucketry.view.aggregatesUrl";
        for (String range : List.of("24h", "7d", "90d", "1h")) {
            long span = Durations.parse(range).toMillis();
            browser.click("#ranges button[data-range='" + range + "']");

            Map<String, String> query = query(browser.waitFor(WAIT, "the " + range + " aggregates", asked,
                    v -> span(query(v.asText())) == span).asText());

            long window = Durations.parse(query.get("window")).toMillis();
            long points = (span + window - 1) / window + 1;   // windows are aligned to the epoch: one more may be touched
            assertThat(points).as("points of %s with window %s", range, query.get("window")).isBetween(500L, 1000L);
            assertTimeAxisIn24HourTime(range);
        }
    }

    /** Every label of the time axis is its tick in the page's zone: HH:mm (:ss) within a day, the day at midnight or beyond. */
    private void assertTimeAxisIn24HourTime(String range) {
        JsonNode axis = browser.waitFor(WAIT, "the time axis of the " + range + " chart", DashboardScripts.TIME_AXIS,
                v -> v.get("labels").isArray() && v.get("labels").size() > 1, "temperature");
        ZoneId zone = ZoneId.of(axis.get("zone").asText());
        JsonNode splits = axis.get("splits");
        long step = splits.get(1).asLong() - splits.get(0).asLong();
        List<String> labels = strings(axis.get("labels"));
        for (int i = 0; i < labels.size(); i++) {
            ZonedDateTime tick = Instant.ofEpochSecond(splits.get(i).asLong()).atZone(zone);
            String pattern = step >= 86_400 || tick.toLocalTime().equals(LocalTime.MIDNIGHT) ? "yyyy-MM-dd"
                    : step < 60 ? "HH:mm:ss" : "HH:mm";
            assertThat(labels.get(i)).as("label of tick %s (%s, every %d s)", i, tick, step)
                    .isEqualTo(tick.format(DateTimeFormatter.ofPattern(pattern)));
        }
        assertThat(String.join(" ", labels)).as(range).doesNotContainIgnoringCase("am").doesNotContainIgnoringCase("pm");
    }

    @Test
    @Order(4)
    void aTextFieldIsAColouredStateBandWithTheTimesOfItsChanges() {
        String segments = "return [...document.querySelectorAll(\".state[data-field='status'] .segment\")].map(s =>"
                + " ({state: s.dataset.state, from: s.dataset.from, to: s.dataset.to,"
                + " colour: getComputedStyle(s).backgroundColor, width: s.getBoundingClientRect().width}))";

        // the band of the range chosen last (1 h) may follow that of the range before it: wait for its widths
        JsonNode band = browser.waitFor(WAIT, "the status band of the last hour", segments, v -> v.size() == 3
                && v.get(0).get("width").asDouble() > 10 && v.get(2).get("width").asDouble() > 10);

        List<String> states = new ArrayList<>();
        band.forEach(s -> states.add(s.get("state").asText()));
        assertThat(states).containsExactly("OK", "WARN", "OK");
        JsonNode warn = band.get(1);
        assertThat(Instant.parse(warn.get("from").asText())).isEqualTo(data.firstWarn());
        assertThat(Instant.parse(warn.get("to").asText())).isEqualTo(data.firstOkAfterWarn());
        assertThat(warn.get("colour").asText()).isNotEqualTo(band.get(0).get("colour").asText());
        band.forEach(s -> assertThat(s.get("width").asDouble()).as("width of %s", s).isGreaterThan(10));
        assertThat(browser.script("return document.querySelector(\".chart[data-field='status']\")").isNull()).isTrue();
    }

    @Test
    @Order(5)
    void theHeaderAndTheStateBandWriteTimesAsIsoDatesIn24HourTime() {
        String shown = "const b = document.querySelector(\".state[data-field='status']\");"
                + "return b ? {from: b.dataset.from, to: b.dataset.to,"
                + " axis: [...b.querySelectorAll('.axis span')].map(s => s.textContent),"
                + " updated: document.getElementById('updated').textContent,"
                + " zone: Intl.DateTimeFormat().resolvedOptions().timeZone} : null";

        JsonNode band = browser.waitFor(WAIT, "the status band and the header", shown, v -> !v.isNull());

        ZoneId zone = ZoneId.of(band.get("zone").asText());
        DateTimeFormatter iso = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
        assertThat(strings(band.get("axis"))).as("the band's ends in the page's zone").containsExactly(
                Instant.parse(band.get("from").asText()).atZone(zone).format(iso),
                Instant.parse(band.get("to").asText()).atZone(zone).format(iso));
        String updated = band.get("updated").asText();
        assertThat(updated).matches("updated \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}");
        Instant at = LocalDateTime.parse(updated.substring("updated ".length()), iso).atZone(zone).toInstant();
        assertThat(Duration.between(at, Instant.now()).abs()).as("the header's time").isLessThan(Duration.ofMinutes(1));
    }

    @Test
    @Order(6)
    void theLatestReadingAndTheStorageStatisticsAreShown() {
        String cell = "return document.querySelector(arguments[0] + \" tr[data-key='\" + arguments[1] + \"'] td:last-child\")"
                + "?.textContent ?? null";
        JsonNode stats = api.get("/v1/stats").json();

        browser.waitFor(WAIT, "the statistics", "return document.querySelectorAll('#stats tr').length", v -> v.asInt() > 0);

        assertThat(browser.script(cell, "#stats", "buckets").asText()).isEqualTo(stats.get("buckets").asText());
        assertThat(browser.script(cell, "#stats", "readings").asText()).isEqualTo(DashboardData.plain(data.total()));
        assertThat(browser.script(cell, "#latest", "status").asText()).isEqualTo("OK");
        assertThat(browser.script(cell, "#latest", "temperature").asText())
                .isEqualTo(DashboardData.plain(data.last(DashboardData.BOILER_1).temperature()));
    }

    @Test
    @Order(7)
    void theAlertingViewListsTheSeriesWhoseLastFiveMinuteAverageIsAboveTheThreshold() throws Exception {
        browser.clear("#alert-threshold");
        browser.type("#alert-threshold", DashboardData.plain(DashboardData.THRESHOLD) + "\uE004");   // then Tab, as a person leaves the field
        String listed = "return [...document.querySelectorAll('#alerts li[data-series]')].map(li => li.dataset.series)";

        JsonNode alerts = browser.waitFor(WAIT, "the alert list", listed, v -> strings(v).equals(data.aboveThreshold()));

        assertThat(strings(alerts)).containsExactlyElementsOf(data.aboveThreshold()).isNotEmpty();
        browser.screenshot(ARTIFACTS.resolve("dashboard.png"));
    }

    @Test
    @Order(8)
    void aRangeWithMoreReadingsThanTheBandTakesShowsTheLastOnesAndSaysSo() {
        browser.clear("#search");
        browser.type("#search", "yard.");
        browser.waitFor(WAIT, "the pump listed", "return document.querySelector(\"#series-list li[data-series='"
                + DashboardData.PUMP + "']\") !== null", JsonNode::asBoolean);
        browser.click("#series-list li[data-series='" + DashboardData.PUMP + "']");
        String band = "const b = document.querySelector(\".state[data-field='status']\");"
                + "return b && bucketry.view.series === arguments[0] ? {from: b.dataset.from, note: b.querySelector('.note').textContent,"
                + " first: b.querySelector('.segment').dataset.state, window: bucketry.view.window} : null";

        JsonNode shown = browser.waitFor(WAIT, "the pump's status band", band,
                v -> !v.isNull() && !v.get("note").asText().isEmpty(), DashboardData.PUMP);

        Instant from = Instant.parse(shown.get("from").asText());
        long window = shown.get("window").asLong();
        List<DashboardData.Row> pump = data.readings(DashboardData.PUMP);
        List<DashboardData.Row> inBand = pump.stream().filter(r -> !r.time().isBefore(from)).toList();
        long oneWindowMore = pump.stream().filter(r -> !r.time().isBefore(from.minusMillis(window))).count();
        assertThat(inBand.size()).isLessThanOrEqualTo(5000);
        assertThat(oneWindowMore).as("readings from one window earlier").isGreaterThan(5000);
        assertThat(shown.get("note").asText()).startsWith("Too many readings in this range to show every state: the band shows "
                + DashboardData.plain(inBand.size()) + " of " + DashboardData.plain(pump.size()) + " readings");
        assertThat(shown.get("first").asText()).isEqualTo(inBand.get(0).status());
    }

    @Test
    @Order(9)
    void theRangeIsInTheLinkAndBackAndForwardShowTheRangesBefore() {
        String asked = "return bucketry.view.aggregatesUrl";
        String on = "return document.querySelector('#ranges button.on')?.dataset.range ?? null";
        browser.waitFor(WAIT, "the pump's 1 h link", "return location.hash",
                v -> v.asText().equals("#series=yard.pump-1&from=now-1h"));

        browser.click("#ranges button[data-range='7d']");
        browser.waitFor(WAIT, "the 7 d link", "return location.hash", v -> v.asText().equals("#series=yard.pump-1&from=now-7d"));
        browser.script("history.back()");

        browser.waitFor(WAIT, "the 1 h range again", asked, v -> span(query(v.asText())) == Duration.ofHours(1).toMillis());
        assertThat(browser.script(on).asText()).isEqualTo("1h");
        browser.script("history.forward()");
        browser.waitFor(WAIT, "the 7 d range again", asked, v -> span(query(v.asText())) == Duration.ofDays(7).toMillis());
        assertThat(browser.script(on).asText()).isEqualTo("7d");
        assertThat(browser.script("return bucketry.view.series").asText()).isEqualTo(DashboardData.PUMP);
    }

    @Test
    @Order(10)
    void aLinkWithAFixedRangeOpensThatSeriesOverThatRange() {
        Instant from = data.now().minus(Duration.ofMinutes(50));
        Instant to = data.now().minus(Duration.ofMinutes(20));

        browser.open(base() + "/?linked#series=" + DashboardData.BOILER_1 + "&from=" + from + "&to=" + to);

        JsonNode asked = browser.waitFor(WAIT, "the linked range", "return bucketry.view.aggregatesUrl ?? null",
                v -> !v.isNull() && v.asText().contains(DashboardData.BOILER_1));
        Map<String, String> query = query(asked.asText());
        assertThat(Long.parseLong(query.get("from"))).isEqualTo(from.toEpochMilli());
        assertThat(Long.parseLong(query.get("to"))).isEqualTo(to.toEpochMilli());
        assertThat(browser.script("return document.getElementById('title').textContent").asText())
                .isEqualTo(DashboardData.BOILER_1);
        assertThat(browser.script("return document.querySelector('#ranges button.on').dataset.range").asText())
                .isEqualTo("custom");
        assertThat(browser.script("return document.getElementById('custom').hidden").asBoolean()).isFalse();
    }

    @Test
    @Order(11)
    void withLessDataThanTheDefaultRangeTheChartFitsTheDataAndAGapIsDrawnAsOne() throws Exception {
        Instant first = data.readings(DashboardData.METER).get(0).time();

        browser.open(base() + "/?fit#series=" + DashboardData.METER);

        String drawn = "const p = bucketry.plots.temperature, v = bucketry.view;"
                + "return p && v.series === arguments[0] && v.aggregatesUrl.includes(arguments[0]) ? v.aggregatesUrl : null";
        Map<String, String> query = query(browser.waitFor(WAIT, "the meter's chart", drawn, v -> !v.isNull(),
                DashboardData.METER).asText());
        long from = Long.parseLong(query.get("from"));
        long to = Long.parseLong(query.get("to"));
        assertThat(from).as("the range starts before the first reading").isLessThanOrEqualTo(first.toEpochMilli());
        assertThat(first.toEpochMilli() - from).as("by a margin of at most 5 %%").isLessThanOrEqualTo((to - from) / 20);
        assertThat(to - from).as("about the 4 hours of readings").isLessThan(Duration.ofHours(5).toMillis());
        assertThat(browser.script("return document.querySelector('#ranges button.on')").isNull()).isTrue();
        assertThat(browser.script("return document.getElementById('window').textContent").asText())
                .contains("from the first reading");

        Instant gapMiddle = data.now().minus(DashboardData.GAP_FROM.plus(DashboardData.GAP_TO).dividedBy(2));
        Instant beforeGap = data.now().minus(Duration.ofMinutes(150)).plusSeconds(20);   // between two readings
        browser.waitFor(WAIT, "the average line drawn", DashboardScripts.AVERAGE_LINE_PIXELS_AT,
                v -> v.asInt() > 0, "temperature", beforeGap.toEpochMilli());
        assertThat(browser.script(DashboardScripts.AVERAGE_LINE_PIXELS_AT, "temperature", gapMiddle.toEpochMilli()).asInt())
                .as("line pixels in the middle of the 40-minute outage").isZero();
        browser.screenshot(ARTIFACTS.resolve("dashboard-gap.png"));
    }

    @Test
    @Order(12)
    void anErrorAnswerOfTheServerIsShownAndGoesAwayOnceARequestSucceeds() {
        browser.click("#ranges button[data-range='custom']");
        browser.script(DashboardScripts.SET_CUSTOM_RANGE, -3_600_000, -7_200_000);   // from after to
        browser.click("#custom button[type='submit']");

        JsonNode shown = browser.waitFor(WAIT, "the error message", DashboardScripts.VISIBLE_ERROR,
                v -> v.asText().contains("INVALID_RANGE"));
        assertThat(shown.asText()).startsWith("400 INVALID_RANGE: ");

        browser.click("#ranges button[data-range='1h']");
        browser.waitFor(WAIT, "the error message to go", DashboardScripts.VISIBLE_ERROR, JsonNode::isNull);
    }

    @Test
    @Order(13)
    void anUnreachableServerIsShownAsAMessage() throws Exception {
        server.close();

        JsonNode shown = browser.waitFor(Duration.ofSeconds(20), "the unreachable message",
                DashboardScripts.VISIBLE_ERROR, v -> v.asText().contains("Cannot reach"));

        assertThat(shown.asText()).startsWith("Cannot reach the Bucketry server at http://127.0.0.1:");
        browser.screenshot(ARTIFACTS.resolve("dashboard-unreachable.png"));
    }

    @Test
    @Order(14)
    void aServerWithTokensIsAskedWithTheTokenThePromptWasGiven() throws Exception {
        try (ApiServer guarded = ApiServer.start(bucketry, LocalServer.builder().tokens(Tokens.configured()).build())) {
            String page = "http://127.0.0.1:" + guarded.port() + "/";

            // declined: the page stops asking and says how to give a token
            browser.open(page);
            assertThat(browser.waitForPrompt(WAIT, "the token prompt")).startsWith("This Bucketry server needs a token.");
            browser.dismissPrompt();
            JsonNode shown = browser.waitFor(WAIT, "the 401 message", DashboardScripts.VISIBLE_ERROR,
                    v -> v.asText().contains("UNAUTHORIZED"));
            assertThat(shown.asText()).startsWith("401 UNAUTHORIZED: ").endsWith("(reload the page to give a token)");

            // a refused token is forgotten and asked for again; the right one opens the page
            browser.open(page);
            browser.waitForPrompt(WAIT, "the token prompt after a reload");
            browser.answerPrompt("not-a-token");
            assertThat(browser.waitForPrompt(Duration.ofSeconds(20), "the prompt after a refused token"))
                    .startsWith("The server refused that token.");
            browser.answerPrompt(Tokens.READ);

            String ids = "return [...document.querySelectorAll('#series-list li')].map(li => li.dataset.series)";
            browser.waitFor(WAIT, "every series listed", ids, v -> v.size() == DashboardData.SERIES.size());
            browser.waitFor(WAIT, "the message to go", DashboardScripts.VISIBLE_ERROR, JsonNode::isNull);
            assertThat(browser.script("return sessionStorage.getItem('bucketry.token')").asText()).isEqualTo(Tokens.READ);
        }
    }

    private String base() {
        return "http://127.0.0.1:" + server.port();
    }

    private static Map<String, String> query(String url) {
        Map<String, String> parameters = new HashMap<>();
        for (String pair : URI.create(url).getRawQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            parameters.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
        }
        return parameters;
    }

    private static long span(Map<String, String> query) {
        return Long.parseLong(query.get("to")) - Long.parseLong(query.get("from"));
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
