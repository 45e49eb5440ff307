package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code POST /v1/readings} with NDJSON and CSV bodies, chosen by {@code Content-Type} (issue 31 item 3). */
class IngestFormatsHttpTest extends ApiTestBase {

    private static final String NDJSON = "application/x-ndjson";
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newHttpClient();

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] export(int port, String query) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/v1/export?" + query)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** Each line of an NDJSON export as JSON, whose objects are equal whatever the order of their keys. */
    private static List<JsonNode> lines(byte[] ndjson) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : new String(ndjson, StandardCharsets.UTF_8).split("\n")) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    /** Stores a few readings of two series, with the texts and numbers that are hard to carry, and returns their prefix. */
    private String storeMixed() {
        String prefix = "formats-" + newSeries().substring(7, 15) + "-";
        storeMinutes(prefix + "a", 4);
        Api.Answer answer = api.post("/v1/readings", "[" + reading(prefix + "b", "\"2026-07-21T23:10:00.123Z\"",
                "{\"text\":\"a \\\"b\\\", c\",\"n\":-0.0,\"big\":1.7976931348623157E308,\"tiny\":4.9E-324}") + ","
                + reading(prefix + "b", "\"2026-07-21T23:11:00Z\"", "{\"text\":\" spaced \",\"n\":3}") + "]");
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(2);
        return prefix;
    }

    /** A second server on an empty in-memory store, with the same clock and limits, for {@code test} to use by its port. */
    private void withFreshServer(ThrowingPort test) throws Exception {
        try (Bucketry fresh = Bucketry.start(BucketryConfig.builder().maxBatchSize(50).build(),
                Clock.fixed(NOW, ZoneOffset.UTC));
             ApiServer other = ApiServer.start(fresh, LocalServer.builder().maxBodySize(MAX_BODY).build())) {
            test.run(other.port(), new Api(other.port()));
        }
    }

    @FunctionalInterface
    private interface ThrowingPort {
        void run(int port, Api api) throws Exception;
    }

    @Test
    void anNdjsonExportPostedBackUnchangedIntoAFreshServerExportsTheSameBytes() throws Exception {
        // given: an NDJSON export of a server
        String prefix = storeMixed();
        byte[] exported = export(server.port(), "prefix=" + prefix);

        withFreshServer((port, fresh) -> {
            // when: it is posted, as it is, to a fresh server
            Api.Answer answer = fresh.post("/v1/readings", NDJSON, exported);

            // then: every line is stored, and that server's export is byte for byte the first
            assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
            assertThat(answer.json().get("accepted").asInt()).isEqualTo(6);
            assertThat(answer.json().get("rejected")).isEmpty();
            assertThat(export(port, "prefix=" + prefix)).isEqualTo(exported);
        });
        // and posted again to the first server, every reading is a duplicate
        Api.Answer again = api.post("/v1/readings", NDJSON, exported);
        assertThat(again.json().get("duplicates").asInt()).isEqualTo(6);
        assertThat(again.json().get("accepted").asInt()).isZero();
    }

    @Test
    void aCsvExportPostedBackIntoAFreshServerHoldsTheSameReadings() throws Exception {
        // given: a CSV export of a server (its texts do not look like numbers)
        String prefix = storeMixed();
        byte[] exported = export(server.port(), "format=csv&prefix=" + prefix);

        withFreshServer((port, fresh) -> {
            // when
            Api.Answer answer = fresh.post("/v1/readings", "text/csv; charset=utf-8; header=present", exported);

            // then: the same readings (their fields in the header's order), exported the same in either format
            assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
            assertThat(answer.json().get("accepted").asInt()).isEqualTo(6);
            assertThat(export(port, "format=csv&prefix=" + prefix)).isEqualTo(exported);
            assertThat(lines(export(port, "prefix=" + prefix))).isEqualTo(lines(export(server.port(), "prefix=" + prefix)));
        });
    }

    @Test
    void theReadingsOfAnNdjsonBodyAreRefusedOneByOneAsTheSameReadingsOfAnArray() {
        // given: the same five readings as lines and as an array, three of them bad
        String series = newSeries();
        List<String> readings = List.of(
                reading(series, "\"2026-07-21T23:01:00Z\"", "{\"v\":1}"),
                reading(series, "\"yesterday\"", "{\"v\":2}"),
                reading(series, "\"2026-07-21T23:03:00Z\"", "{\"v\":true}"),
                "{\"series\":\"" + series + "\",\"series\":\"x\",\"time\":\"2026-07-21T23:04:00Z\",\"fields\":{\"v\":4}}",
                reading(series, "\"2026-07-21T23:05:00Z\"", "{\"v\":5}"));

        // when
        Api.Answer lines = api.post("/v1/readings", NDJSON, utf8(String.join("\n", readings) + "\n"));
        api.delete("/v1/series/" + series);
        Api.Answer array = api.post("/v1/readings", "[" + String.join(",", readings) + "]");

        // then
        assertThat(lines.status()).isEqualTo(200);
        assertThat(lines.json()).isEqualTo(array.json());
        assertThat(lines.json().get("accepted").asInt()).isEqualTo(2);
        assertThat(lines.json().get("rejected")).extracting(r -> r.get("index").asInt() + " " + r.get("reason").asText())
                .containsExactly("1 INVALID_TIME", "2 INVALID_FIELD_VALUE", "3 INVALID_SERIES");
    }

    @Test
    void aLineThatIsNoJsonValueIsRefusedAloneAndBlankLinesAreNoReadings() {
        // given: a good line, a blank one, a line cut short, a good line
        String series = newSeries();
        String body = reading(series, "\"2026-07-21T23:01:00Z\"", "{\"v\":1}") + "\r\n\r\n{\"series\":\n"
                + reading(series, "\"2026-07-21T23:02:00Z\"", "{\"v\":2}");

        // when
        Api.Answer answer = api.post("/v1/readings", NDJSON, utf8(body));

        // then: the index counts readings, not blank lines
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(2);
        JsonNode rejected = answer.json().get("rejected").get(0);
        assertThat(rejected.get("index").asInt()).isEqualTo(1);
        assertThat(rejected.get("reason").asText()).isEqualTo("NO_FIELDS");
        assertThat(rejected.get("message").asText()).startsWith("the line is not valid JSON: the line ends");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/x-ndjson", "application/ndjson", "application/jsonl",
            "application/x-jsonlines", "Application/X-NDJSON; charset=utf-8"})
    void everyNdjsonContentTypeReadsLines(String type) {
        String series = newSeries();
        String body = reading(series, "\"2026-07-21T23:01:00Z\"", "{\"v\":1}") + "\n"
                + reading(series, "\"2026-07-21T23:02:00Z\"", "{\"v\":2}") + "\n";

        Api.Answer answer = api.post("/v1/readings", type, utf8(body));

        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/x-www-form-urlencoded", "application/octet-stream"})
    void anyOtherContentTypeIsReadAsAJsonArrayAsBefore(String type) {
        String series = newSeries();
        String line = reading(series, "\"2026-07-21T23:01:00Z\"", "{\"v\":1}");

        Api.Answer array = api.post("/v1/readings", type, utf8("[" + line + "]"));
        Api.Answer lines = api.post("/v1/readings", type, utf8(line + "\n" + line + "\n"));

        assertThat(array.json().get("accepted").asInt()).isEqualTo(1);
        assertThat(lines.status()).isEqualTo(400);
        assertThat(lines.error()).isEqualTo("MALFORMED_JSON");
        assertThat(lines.json().get("message").asText()).contains("more than one value")
                .contains("Content-Type: application/x-ndjson");
    }

    @Test
    void aCsvBodyReadsNumbersTextsEmptyCellsAndRefusesARecordThatDoesNotMatchItsHeader() {
        // given: cells of each kind, and a record with a cell too few
        String series = newSeries();
        String body = "\uFEFFseries,time,n,s,e\r\n"
                + series + ",2026-07-21T23:01:00Z,-0.0,\"a, \"\"b\"\"\",\r\n"
                + series + ",2026-07-21T23:02:00Z,12,\"\",\"x\ny\"\r\n"
                + series + ",2026-07-21T23:03:00Z,1\r\n"
                + series + ",2026-07-21T23:04:00Z,1e999,,\n";

        // when
        Api.Answer answer = api.post("/v1/readings", "text/csv", utf8(body));

        // then
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(2);
        assertThat(answer.json().get("rejected")).extracting(r -> r.get("index").asInt() + " " + r.get("reason").asText()
                + " " + r.get("message").asText()).containsExactly(
                "2 NO_FIELDS the record has 3 cells where the header has 5 columns",
                "3 INVALID_FIELD_VALUE field 'n' is 1E+999, which is not a finite number");
        JsonNode stored = api.get("/v1/series/" + series + "/readings").json();
        assertThat(stored.get(0).get("fields").toString()).isEqualTo("{\"n\":-0.0,\"s\":\"a, \\\"b\\\"\"}");
        assertThat(stored.get(1).get("fields").toString()).isEqualTo("{\"n\":12.0,\"s\":\"\",\"e\":\"x\\ny\"}");
    }

    @Test
    void aCsvBodyWhoseHeaderOrQuotesAreBrokenIsRefusedWholeAndNothingIsStored() {
        String series = newSeries();
        String good = series + ",2026-07-21T23:01:00Z,1\n";

        Api.Answer noSeries = api.post("/v1/readings", "text/csv", utf8("name,time,v\n" + good));
        Api.Answer badName = api.post("/v1/readings", "text/csv", utf8("series,time,v w\n" + good));
        Api.Answer openQuote = api.post("/v1/readings", "text/csv", utf8("series,time,v\n" + good + series
                + ",2026-07-21T23:02:00Z,\"open\n"));

        assertThat(List.of(noSeries, badName, openQuote)).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.error()).isEqualTo("MALFORMED_CSV");
            assertThat(answer.json().get("message").asText()).endsWith("; nothing was stored");
        });
        assertThat(noSeries.json().get("message").asText()).startsWith("the first line is not a CSV header of readings: "
                + "it has no 'series' column; expected series,time,<field names…>");
        assertThat(badName.json().get("message").asText()).startsWith("column 3 of the CSV header is no field name: "
                + "field name 'v w' contains ' '");
        assertThat(openQuote.json().get("message").asText()).startsWith("the CSV is malformed in the record that starts at line 3: Missing closing quote for value");
        assertThat(api.get("/v1/series/" + series + "/readings").json()).isEmpty();
    }

    @Test
    void aBodyOfOneMoreReadingThanTheBatchLimitIsRefusedInEachFormatAndNothingIsStored() {
        // given: 51 readings where the batch limit is 50, as lines and as CSV
        String series = newSeries();
        List<String> lines = new ArrayList<>();
        StringBuilder csv = new StringBuilder("series,time,v\n");
        for (int i = 0; i <= 50; i++) {
            String time = "2026-07-21T23:00:" + String.format("%02d", i) + "Z";
            lines.add(reading(series, "\"" + time + "\"", "{\"v\":" + i + "}"));
            csv.append(series).append(',').append(time).append(',').append(i).append('\n');
        }

        // when
        Api.Answer ndjson = api.post("/v1/readings", NDJSON, utf8(String.join("\n", lines)));
        Api.Answer records = api.post("/v1/readings", "text/csv", utf8(csv.toString()));

        // then
        assertThat(List.of(ndjson, records)).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.error()).isEqualTo("BATCH_TOO_LARGE");
        });
        assertThat(api.get("/v1/series/" + series + "/readings").json()).isEmpty();
    }

    @Test
    void anNdjsonBodyOverTheBodyLimitIsPayloadTooLargeAndAGzipOneIsInflated() throws IOException {
        // given
        String series = newSeries();
        String line = reading(series, "\"2026-07-21T23:01:00Z\"", "{\"v\":1}") + "\n";
        byte[] large = utf8(line.repeat(MAX_BODY / line.length() + 1));
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(zipped)) {
            out.write(utf8(line));
        }

        // when
        Api.Answer tooLarge = api.post("/v1/readings", NDJSON, large);
        Api.Answer gzip = api.post("/v1/readings", NDJSON, zipped.toByteArray(), "Content-Encoding", "gzip");

        // then
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.error()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(gzip.status()).isEqualTo(200);
        assertThat(gzip.json().get("accepted").asInt()).isEqualTo(1);
    }

    @Test
    void anNdjsonLineWithNoEndWithinOneMebibyteRefusesTheBodyAndNothingIsStored() throws Exception {
        // given: a server that takes bodies of 2 MiB, and a good line before a line of 1 MiB + 1 bytes
        String series = newSeries();
        byte[] good = utf8(reading(series, "\"2026-07-21T23:01:00Z\"", "{\"v\":1}") + "\n");
        byte[] body = java.util.Arrays.copyOf(good, good.length + (1 << 20) + 1);
        java.util.Arrays.fill(body, good.length, body.length, (byte) ' ');
        try (Bucketry large = Bucketry.start(BucketryConfig.builder().build(), Clock.fixed(NOW, ZoneOffset.UTC));
             ApiServer other = ApiServer.start(large, LocalServer.builder().maxBodySize(2 << 20).build())) {

            // when
            Api.Answer answer = new Api(other.port()).post("/v1/readings", NDJSON, body);

            // then
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.error()).isEqualTo("MALFORMED_JSON");
            assertThat(answer.json().get("message").asText()).isEqualTo("line 2 has no line end within 1,048,576 bytes,"
                    + " far more than a reading: the input is not NDJSON (one reading per line, as export writes);"
                    + " nothing was stored");
            assertThat(new Api(other.port()).get("/v1/series/" + series + "/readings").json()).isEmpty();
        }
    }

    @Test
    void anEmptyNdjsonOrCsvBodyStoresNothingAndSaysSo() {
        BiFunction<String, String, Api.Answer> post = (type, body) -> api.post("/v1/readings", type, utf8(body));

        assertThat(List.of(post.apply(NDJSON, ""), post.apply(NDJSON, "\n\n"), post.apply("text/csv", ""),
                post.apply("text/csv", "series,time,v\r\n"))).allSatisfy(answer -> {
                    assertThat(answer.status()).isEqualTo(200);
                    assertThat(answer.json().toString()).isEqualTo("{\"accepted\":0,\"duplicates\":0,\"rejected\":[]}");
                });
    }
}
