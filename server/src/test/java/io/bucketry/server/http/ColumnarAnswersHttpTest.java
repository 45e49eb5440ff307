package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code format=columns} on every read route: the columnar answer, turned back into rows ({@link ColumnsToRows}),
 * is the row answer; refusals stay JSON errors; gzip and HEAD behave as for rows.
 */
class ColumnarAnswersHttpTest extends ApiTestBase {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RANGE = "from=2026-07-21T23:00:00Z&to=2026-07-21T23:30:00Z";

    private final String prefix = "cols-" + UUID.randomUUID() + ".";

    /**
     * Three series over 23:00–23:29: a with numbers, a text every fourth minute, a field that starts at minute 20
     * and a tag that changes at minute 10; b with numbers only and a gap; c with one reading.
     */
    @BeforeAll
    void storeSeries() {
        List<String> readings = new ArrayList<>();
        for (int minute = 0; minute < 30; minute++) {
            String fields = "{\"temperature\":" + (20 + minute * 0.1) + (minute % 4 == 0 ? ",\"status\":\"OK " + minute + "\"" : "")
                    + (minute >= 20 ? ",\"humidity\":" + (-minute) : "") + "}";
            String tags = minute < 10 ? "{\"room\":\"a\"}" : "{\"room\":\"b\",\"floor\":\"2\"}";
            readings.add("{\"series\":\"" + prefix + "a\",\"time\":\"" + time(minute) + "\",\"fields\":" + fields
                    + ",\"tags\":" + tags + ",\"measurement\":\"climate\"}");
            if (minute < 8 || minute > 22) {
                readings.add(reading(prefix + "b", "\"" + time(minute) + "\"", "{\"temperature\":" + (-0.0 - minute) + "}"));
            }
        }
        readings.add(reading(prefix + "c", "\"" + time(3) + "\"", "{\"v\":1e300,\"s\":\"\"}"));
        for (int from = 0; from < readings.size(); from += 40) {
            Answer stored = api.post("/v1/readings", "[" + String.join(",", readings.subList(from,
                    Math.min(readings.size(), from + 40))) + "]");
            assertThat(stored.json().get("rejected").size()).as(stored.json().toString()).isZero();
        }
    }

    private static String time(int minute) {
        return "2026-07-21T23:" + (minute < 10 ? "0" : "") + minute + ":00Z";
    }

    private static String with(String path, String parameter) {
        return path + (path.contains("?") ? "&" : "?") + parameter;
    }

    /** The row answer of {@code path} and its columnar answer turned back into rows by {@code convert}. */
    private void assertSameAnswer(String path, Function<JsonNode, JsonNode> convert) {
        Answer rows = api.get(path);
        Answer columns = api.get(with(path, "format=columns"));
        assertThat(rows.status()).as(path).isEqualTo(200);
        assertThat(columns.status()).as(path).isEqualTo(200);
        assertThat(columns.contentType()).startsWith("application/json");
        assertThat(convert.apply(columns.json())).as(path).isEqualTo(rows.json());
        assertThat(api.get(with(path, "format=rows")).json()).isEqualTo(rows.json());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a/readings", "a/readings?limit=7", "a/readings?from=2026-07-21T23:09:30Z&limit=5",
            "b/readings", "c/readings", "none/readings", "a/pages/1", "a/pages/4?size=7", "b/pages/2"})
    void readingsAndPagesInColumnsAreTheRowsAnswered(String route) {
        assertSameAnswer("/v1/series/" + prefix + route, ColumnsToRows::readings);
    }

    @Test
    void aSeriesBlockHoldsItsSeriesAndTagsOnceAndAColumnPerField() {
        JsonNode blocks = api.get("/v1/series/" + prefix + "a/readings?format=columns").json();

        // then: the tag change at minute 10 starts a second block; each column has a value or null per row
        assertThat(blocks.size()).isEqualTo(2);
        JsonNode second = blocks.get(1);
        assertThat(second.get("tags").get("room").asText()).isEqualTo("b");
        assertThat(second.get("measurement").asText()).isEqualTo("climate");
        assertThat(second.get("time").size()).isEqualTo(20);
        assertThat(second.get("time").get(0).asLong()).isEqualTo(java.time.Instant.parse(time(10)).toEpochMilli());
        assertThat(second.get("fields").get("humidity").size()).isEqualTo(20);
        assertThat(second.get("fields").get("humidity").get(0).isNull()).isTrue();
        assertThat(second.get("fields").get("humidity").get(19).asDouble()).isEqualTo(-29.0);
        assertThat(second.get("fields").get("status").get(2).asText()).isEqualTo("OK 12");
    }

    @Test
    void theLatestReadingInColumnsIsOneBlockOfOneRow() {
        String path = "/v1/series/" + prefix + "a/latest";
        assertSameAnswer(path, block -> ColumnsToRows.readingsOf(block).get(0));
        assertThat(api.get(path + "?format=columns").json().get("time").size()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"?prefix=%s&limit=2", "?prefix=%s&limit=2&after=%sa", "?prefix=%s", "?tag=room:b&limit=1000"})
    void lastpointsInColumnsAreTheLastpointPage(String query) {
        assertSameAnswer("/v1/latest" + query.replace("%s", prefix), ColumnsToRows::lastpoints);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/series/%sa/aggregates?window=5m&" + RANGE, "/v1/series/%sb/aggregates?window=5m&fill=null&" + RANGE,
            "/v1/series/%sb/aggregates?window=5m&fill=previous&" + RANGE, "/v1/series/%sa/aggregates?window=1h",
            "/v1/series/%sa/aggregates?window=5m&stats=avg&" + RANGE, "/v1/series/%sb/aggregates?window=5m&fill=null&stats=last,count&" + RANGE})
    void aSeriesAggregatesInColumnsAreTheWindowsAnswered(String path) {
        assertSameAnswer(path.replace("%s", prefix), ColumnsToRows::windows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/aggregates?window=10m&" + RANGE, "/v1/aggregates?window=10m&tag=room:b&" + RANGE,
            "/v1/aggregates?window=10m&fill=linear&tag=room&" + RANGE, "/v1/aggregates?window=5m&stats=avg&" + RANGE,
            "/v1/aggregates?window=10m&fill=null&stats=min,max&" + RANGE})
    void everySeriesAggregatesInColumnsAreTheWindowsAnswered(String path) {
        assertSameAnswer(path.replace("%s", prefix), ColumnsToRows::windowTable);
    }

    @Test
    void everySeriesWindowsAreOneTableNamingEachSeriesOnceWithItsRows() {
        JsonNode table = api.get("/v1/aggregates?window=10m&format=columns&" + RANGE).json();

        // then: one object, not a block per series; each series once, with how many of the rows are its windows
        assertThat(table.isObject()).isTrue();
        List<String> ours = new ArrayList<>();
        List<Integer> rows = new ArrayList<>();
        int total = 0;
        for (int i = 0; i < table.get("series").size(); i++) {
            total += table.get("rows").get(i).asInt();
            if (table.get("series").get(i).asText().startsWith(prefix)) {
                ours.add(table.get("series").get(i).asText().substring(prefix.length()));
                rows.add(table.get("rows").get(i).asInt());
            }
        }
        assertThat(ours).containsExactly("a", "b", "c");
        assertThat(rows).containsExactly(3, 2, 1);
        assertThat(table.get("start").size()).isEqualTo(total);
        assertThat(table.get("fields").get("temperature").get("avg").size()).isEqualTo(total);
    }

    @Test
    void groupedAggregatesInColumnsAreOneBlockPerGroup() {
        String path = "/v1/aggregates?window=10m&groupBy=room&tag=room&" + RANGE;
        assertSameAnswer(path, ColumnsToRows::groups);
        assertSameAnswer(path + "&stats=sum,count", ColumnsToRows::groups);
        JsonNode blocks = api.get(path + "&format=columns").json();
        assertThat(blocks).extracting(block -> block.get("group").get("room").asText()).contains("a", "b");
    }

    @Test
    void aFilledWindowIsMarkedInItsOwnColumn() {
        JsonNode blocks = api.get("/v1/series/" + prefix + "b/aggregates?window=5m&fill=null&format=columns&" + RANGE).json();

        assertThat(blocks.get(0).get("filled")).extracting(JsonNode::asBoolean).contains(true, false);
        assertThat(api.get("/v1/series/" + prefix + "a/aggregates?window=5m&format=columns&" + RANGE).json()
                .get(0).has("filled")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/series/%sa/export", "/v1/export?prefix=%s"})
    void anExportInColumnsHoldsTheReadingsOfTheNdjsonExport(String path) throws Exception {
        String route = path.replace("%s", prefix);
        HttpResponse<byte[]> rows = getBytes(route);
        HttpResponse<byte[]> columns = getBytes(with(route, "format=columns"));

        assertThat(columns.statusCode()).isEqualTo(200);
        assertThat(columns.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/x-ndjson"));
        ArrayNode fromColumns = JSON.createArrayNode();
        for (String line : lines(columns.body())) {
            fromColumns.addAll(ColumnsToRows.readingsOf(JSON.readTree(line)));
        }
        ArrayNode fromRows = JSON.createArrayNode();
        for (String line : lines(rows.body())) {
            ObjectNode reading = (ObjectNode) JSON.readTree(line);
            if (reading.has("tags") && reading.get("tags").isEmpty()) {
                reading.remove("tags");   // said of a reading without tags after tagged ones; a block without tags has none
            }
            fromRows.add(reading);
        }
        assertThat(fromColumns).isEqualTo(fromRows);
        assertThat(fromRows.size()).isGreaterThanOrEqualTo(30);
    }

    private static List<String> lines(byte[] body) {
        return new String(body, StandardCharsets.UTF_8).lines().filter(line -> !line.isEmpty()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/series/%sa/aggregates?window=5m&" + RANGE, "/v1/series/%sb/aggregates?window=5m&fill=previous&" + RANGE,
            "/v1/aggregates?window=10m&" + RANGE, "/v1/aggregates?window=10m&groupBy=room&tag=room&" + RANGE})
    void chosenStatisticsAreTheFullAnswersWithTheOthersLeftOut(String path) {
        String route = path.replace("%s", prefix);
        JsonNode full = api.get(route).json();

        JsonNode chosen = api.get(route + "&stats=last,avg").json();
        JsonNode spaced = api.get(route + "&stats=%20AVG%20,last,avg").json();

        // then: every statistic but avg and last removed from the full answer, in the answer's order
        JsonNode expected = full.deepCopy();
        expected.findParents("fields").forEach(window -> window.get("fields").forEach(field -> {
            ((ObjectNode) field).retain("avg", "last");
        }));
        assertThat(chosen).isEqualTo(expected);
        assertThat(spaced).isEqualTo(expected);
        List<String> order = new ArrayList<>();
        chosen.findValues("fields").forEach(fields -> fields.forEach(field -> field.fieldNames().forEachRemaining(order::add)));
        assertThat(String.join(",", order)).startsWith("avg,last,").doesNotContain("count").doesNotContain("min");
        assertThat(api.get(route + "&stats=").json()).isEqualTo(full);
        // a repeated parameter names more statistics, as one list does
        assertThat(api.get(route + "&stats=last&stats=avg").json()).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/series/%sa/aggregates?stats=mean", "/v1/aggregates?stats=avg,mean,",
            "/v1/aggregates?groupBy=room&stats=mean&format=columns"})
    void anUnknownStatisticIsRefusedByName(String path) {
        Answer answer = api.get(path.replace("%s", prefix));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_STATS");
        assertThat(answer.json().get("message").asText()).contains("'mean'")
                .contains("not one of count, min, max, sum, avg, first, last").doesNotContain("'avg'");
    }

    @Test
    void anEmptyStatisticInAListIsRefusedByName() {
        Answer answer = api.get("/v1/aggregates?stats=avg,,max");

        assertThat(answer.error()).isEqualTo("INVALID_STATS");
        assertThat(answer.json().get("message").asText()).contains("'' is not one of");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/series/%sa/readings", "/v1/series/%sa/pages/1", "/v1/series/%sa/latest", "/v1/latest",
            "/v1/series/%sa/aggregates", "/v1/aggregates", "/v1/aggregates?groupBy=room&tag=room"})
    void anUnknownFormatIsRefusedAsJson(String path) {
        Answer answer = api.get(with(path.replace("%s", prefix), "format=csv"));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_FORMAT");
        assertThat(answer.json().get("message").asText()).contains("'csv'").contains("rows, columns");
    }

    @Test
    void refusalsInColumnsAreTheSameJsonErrors() {
        assertThat(api.get("/v1/series/" + prefix + "a/readings?format=columns&limit=0").error()).isEqualTo("INVALID_LIMIT");
        assertThat(api.get("/v1/series/" + prefix + "a/pages/99?format=columns").status()).isEqualTo(404);
        assertThat(api.get("/v1/series/" + prefix + "none/latest?format=columns").status()).isEqualTo(404);
        assertThat(api.get("/v1/series/" + prefix + "a/aggregates?format=columns&window=0s").error()).isEqualTo("INVALID_WINDOW");
        assertThat(api.get("/v1/export?format=xml").error()).isEqualTo("INVALID_FORMAT");
        assertThat(api.get("/v1/export?format=columns&from=yesterday").error()).isEqualTo("INVALID_TIME");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/series/%sa/readings", "/v1/latest?prefix=%s", "/v1/aggregates?window=10m&" + RANGE,
            "/v1/series/%sa/export"})
    void columnsAreGzippedWhenAcceptedAndHeadCountsTheirBytes(String path) throws Exception {
        String route = with(path.replace("%s", prefix), "format=columns");
        HttpResponse<byte[]> plain = getBytes(route);
        HttpResponse<byte[]> gzip = getBytes(route, "Accept-Encoding", "gzip");

        assertThat(gzip.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        byte[] unzipped = new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes();
        assertThat(new String(unzipped, StandardCharsets.UTF_8)).isEqualTo(new String(plain.body(), StandardCharsets.UTF_8));
        assertThat(head(route).headers().firstValueAsLong("Content-Length")).hasValue(plain.body().length);
        assertThat(head(route, "Accept-Encoding", "gzip").headers().firstValueAsLong("Content-Length"))
                .hasValue(gzip.body().length);
    }

    private HttpResponse<Void> head(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method("HEAD", HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            request.headers(headers);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.discarding());
    }
}
