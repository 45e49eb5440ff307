package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.transfer.ImportResult;
import io.bucketry.server.transfer.NdjsonImport;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /v1/series/{id}/export} and {@code GET /v1/export}: NDJSON, CSV, gzip, bad parameters. */
class ExportHttpTest extends ApiTestBase {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    @Test
    void aSeriesExportIsOneReadingPerLineExactlyAsTheReadingsRouteWritesThem() throws Exception {
        String series = newSeries();
        storeMinutes(series, 5);

        HttpResponse<byte[]> export = get("/v1/series/" + series + "/export");

        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/x-ndjson"));
        assertThat(text(export)).endsWith("\n");
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text(export).split("\n")) {
            lines.add(JSON.readTree(line));
        }
        JsonNode readings = api.get("/v1/series/" + series + "/readings").json();
        assertThat(lines).hasSize(5).containsExactlyElementsOf(readings);
    }

    @Test
    void anExportImportedIntoAFreshStoreEqualsTheOriginal() throws Exception {
        String prefix = "roundtrip-" + newSeries().substring(7, 15) + "-";
        storeMinutes(prefix + "a", 7);
        storeMinutes(prefix + "b", 3);
        api.post("/v1/readings", "[" + reading(prefix + "b", "\"2026-07-21T23:10:00.123Z\"",
                "{\"text\":\"a \\\"b\\\", c\",\"n\":-0.0,\"big\":1.7976931348623157E308}") + "]");

        HttpResponse<byte[]> export = get("/v1/export?prefix=" + prefix);
        ImportResult result;
        try (Bucketry fresh = Bucketry.start(BucketryConfig.builder().build(), Clock.fixed(NOW, ZoneOffset.UTC))) {
            result = new NdjsonImport(fresh.ingest(), 4).run(new ByteArrayInputStream(export.body()),
                    rejected -> { throw new AssertionError(rejected.toString()); }, lines -> { });
            for (String id : List.of(prefix + "a", prefix + "b")) {
                assertThat(fresh.read().read(SeriesId.of(id), null, null, 1000))
                        .isEqualTo(bucketry.read().read(SeriesId.of(id), null, null, 1000));
            }
        }
        assertThat(result).isEqualTo(new ImportResult(11, 11, 0, 0));
    }

    @Test
    void anExportKeepsEachReadingsTagsThroughAnImportAndSaysWhenOneHasNone() throws Exception {
        // given: a sensor in building 7, then in none, then in 8
        String series = newSeries();
        api.post("/v1/readings", "[" + String.join(",",
                tagged(series, "23:00", "{\"building\":\"7\"}"), tagged(series, "23:01", "{}"),
                tagged(series, "23:02", "{\"building\":\"8\"}")) + "]");

        // when
        HttpResponse<byte[]> export = get("/v1/series/" + series + "/export");

        // then: the reading without tags says so, and an import restores every reading with its tags
        assertThat(text(export).lines().toList().get(1)).contains("\"tags\":{}");
        try (Bucketry fresh = Bucketry.start(BucketryConfig.builder().build(), Clock.fixed(NOW, ZoneOffset.UTC))) {
            new NdjsonImport(fresh.ingest(), 2).run(new ByteArrayInputStream(export.body()),
                    rejected -> { throw new AssertionError(rejected.toString()); }, lines -> { });
            assertThat(fresh.read().read(SeriesId.of(series), null, null, 10))
                    .extracting(r -> r.meta().tags().values().toString()).containsExactly("{building=7}", "{}", "{building=8}");
        }
    }

    private static String tagged(String series, String minute, String tags) {
        return "{\"series\":\"" + series + "\",\"time\":\"2026-07-21T" + minute + ":00Z\",\"fields\":{\"v\":1},"
                + "\"tags\":" + tags + "}";
    }

    @Test
    void aClientThatAcceptsGzipGetsTheSameExportCompressed() throws Exception {
        String series = newSeries();
        storeMinutes(series, 20);

        HttpResponse<byte[]> plain = get("/v1/series/" + series + "/export?format=csv");
        HttpResponse<byte[]> gzip = get("/v1/series/" + series + "/export?format=csv", "Accept-Encoding", "br, gzip");
        HttpResponse<byte[]> refused = get("/v1/series/" + series + "/export?format=csv", "Accept-Encoding", "gzip;q=0");

        assertThat(gzip.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes()).isEqualTo(plain.body());
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(refused.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(refused.body()).isEqualTo(plain.body());
    }

    @Test
    void csvQuotesTextsWithCommasQuotesAndLineBreaksAndLeavesMissingFieldsEmpty() throws Exception {
        String series = newSeries();
        List<String> texts = List.of("plain", "a, b", "say \"hi\"", "two\nlines", " padded", "");
        List<String> readings = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            readings.add(reading(series, "\"2026-07-21T23:0" + i + ":00Z\"",
                    "{\"note\":" + JSON.writeValueAsString(texts.get(i)) + "}"));
        }
        readings.add(reading(series, "\"2026-07-21T23:09:00Z\"", "{\"temperature\":21.5}"));
        api.post("/v1/readings", "[" + String.join(",", readings) + "]");

        String csv = text(get("/v1/series/" + series + "/export?format=CSV"));

        List<String> expected = new ArrayList<>(List.of("series,time,note,temperature"));
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            boolean quoted = text.isEmpty() || text.startsWith(" ") || text.contains(",") || text.contains("\"")
                    || text.contains("\n");
            String cell = quoted ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
            expected.add(series + ",2026-07-21T23:0" + i + ":00Z," + cell + ",");
        }
        expected.add(series + ",2026-07-21T23:09:00Z,,21.5");
        assertThat(csv).isEqualTo(String.join("\r\n", expected) + "\r\n");
    }

    @Test
    void anUnknownSeriesIsAnEmptyExportAsItsReadingsAreEmpty() throws Exception {
        HttpResponse<byte[]> ndjson = get("/v1/series/unknown-series/export");
        HttpResponse<byte[]> csv = get("/v1/series/unknown-series/export?format=csv");

        assertThat(api.get("/v1/series/unknown-series/readings").json()).isEmpty();
        assertThat(ndjson.statusCode()).isEqualTo(200);
        assertThat(ndjson.body()).isEmpty();
        assertThat(text(csv)).isEqualTo("series,time\r\n");
    }

    @Test
    void aRangeSelectsTheReadingsOfHalfOpenFromTo() throws Exception {
        String series = newSeries();
        storeMinutes(series, 10);

        String export = text(get("/v1/series/" + series + "/export?from=2026-07-21T23:02:00Z&to=2026-07-21T23:05:00Z"));

        assertThat(export.split("\n")).extracting(line -> JSON.readTree(line).get("time").asText())
                .containsExactly("2026-07-21T23:02:00Z", "2026-07-21T23:03:00Z", "2026-07-21T23:04:00Z");
    }

    @Test
    void headAnswersTheHeadersWithoutTheExport() throws Exception {
        String series = newSeries();
        storeMinutes(series, 3);

        HttpResponse<byte[]> head = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                + "/v1/series/" + series + "/export")).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/x-ndjson"));
        assertThat(head.body()).isEmpty();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
            "/v1/series/s1/export?format=xml | INVALID_FORMAT",
            "/v1/series/s1/export?from=yesterday | INVALID_TIME",
            "/v1/series/s1/export?from=2026-07-21T23:10:00Z&to=2026-07-21T23:00:00Z | INVALID_RANGE",
            "/v1/series/bad!id/export | INVALID_SERIES",
            "/v1/export?format=json | INVALID_FORMAT",
            "/v1/export?prefix=a%20b | INVALID_PREFIX",
            "/v1/export?to=soon | INVALID_TIME",
            "/v1/export?from=2026-07-21T23:10:00Z&to=2026-07-21T23:00:00Z | INVALID_RANGE"})
    void badParametersAreRefusedAsJsonBeforeAnyExport(String path, String code) throws Exception {
        HttpResponse<byte[]> answer = get(path);

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        JsonNode error = JSON.readTree(answer.body());
        assertThat(error.get("error").asText()).isEqualTo(code);
        assertThat(error.get("message").asText()).isNotBlank();
    }

    @Test
    void theAllSeriesExportListsSeriesInIdOrder() throws Exception {
        String prefix = "order-" + newSeries().substring(7, 15) + "-";
        storeMinutes(prefix + "b", 2);
        storeMinutes(prefix + "a", 2);

        String export = text(get("/v1/export?prefix=" + prefix));

        assertThat(Arrays.stream(export.split("\n")).map(line -> {
            try {
                return JSON.readTree(line).get("series").asText();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        })).containsExactly(prefix + "a", prefix + "a", prefix + "b", prefix + "b");
    }
}
