package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.app.cli.Cli.Run;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.http.ApiServer;
import io.bucketry.server.http.SelfSigned;
import io.bucketry.server.security.AccessTokens;
import io.bucketry.server.security.Scope;
import io.bucketry.server.transfer.ExportFormat;
import io.bucketry.server.transfer.Import;
import io.bucketry.server.transfer.ImportResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code bucketry import --url}: a file sent to a running server in batches, with tokens, and CSV found by name or header (issue 31 item 3). */
class ImportUrlCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant BASE = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(2, ChronoUnit.HOURS);
    private static final String WRITE = AccessTokens.newToken();
    private static final String READ = AccessTokens.newToken();

    @TempDir
    Path dir;
    private final List<AutoCloseable> running = new ArrayList<>();
    private final HttpClient client = HttpClient.newHttpClient();

    @AfterEach
    void stop() throws Exception {
        for (int i = running.size() - 1; i >= 0; i--) {
            running.get(i).close();
        }
    }

    /** A server on a free loopback port over a fresh in-memory store, with a batch limit of 50. */
    private String serve(ServerConfig.Builder server) {
        Bucketry bucketry = Bucketry.start(BucketryConfig.builder().maxBatchSize(50).build());
        running.add(bucketry);
        ApiServer api = ApiServer.start(bucketry, server.port(0).build());
        running.add(api);
        return "http://127.0.0.1:" + api.port();
    }

    private String serve() {
        return serve(ServerConfig.builder());
    }

    private static String line(String series, int minute, double temperature, String status) {
        return "{\"series\":\"" + series + "\",\"time\":\"" + BASE.plus(minute, ChronoUnit.MINUTES)
                + "\",\"fields\":{\"temperature\":" + temperature + ",\"status\":\"" + status + "\"}}";
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private String get(String url) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    @Test
    void anImportSendsTheGoodLinesReportsTheBadOnesByTheirLineInTheFileAndIsReplayable() throws Exception {
        // given: three good lines, one the server refuses, one that is no JSON, a duplicate, blank lines
        String url = serve();
        Path file = file("in.ndjson", String.join("\n", line("u-a", 0, 21.5, "OK"), line("u-a", 1, 22.0, "a, \\\"b\\\""),
                line("u-b", 0, -3.25, "OK"), "{\"series\":\"u-a\",\"time\":\"yesterday\",\"fields\":{\"x\":1}}", "",
                "{\"series\":", line("u-a", 0, 21.5, "OK"), ""));

        // when: in batches of two, so that the refusals come back in different batches
        Run first = Cli.run("import", file.toString(), "--url", url, "--batch-size", "2");
        Run again = Cli.run("import", file.toString(), "--url", url);

        // then
        assertThat(first.exitCode()).as(first.err()).isEqualTo(ImportCommand.REJECTED_LINES);
        assertThat(first.out()).contains("imported " + file + " (ndjson) into " + url
                + ": 6 lines, 3 stored, 1 duplicate, 2 rejected");
        assertThat(first.errLines()).containsSubsequence("line 4: INVALID_TIME", "line 6: MALFORMED_JSON the line is not valid JSON");
        assertThat(again.out()).contains("6 lines, 0 stored, 4 duplicates, 2 rejected");
        assertThat(JSON.readTree(get(url + "/v1/series/u-a/readings"))).hasSize(2);
    }

    @Test
    void anExportOfOneServerImportedIntoAnotherExportsTheSame() throws Exception {
        // given: a server holding readings, and its NDJSON and CSV exports in files
        String source = serve();
        Path seed = file("seed.ndjson", String.join("\n", line("r-a", 0, 21.5, "OK"), line("r-a", 1, -0.0, "a \\\"b\\\", c"),
                line("r-b", 0, 1e-300, " spaced ")) + "\n");
        assertThat(Cli.run("import", seed.toString(), "--url", source).exitCode()).isZero();
        String ndjson = get(source + "/v1/export");
        Path exported = file("all.ndjson", ndjson);
        Path csv = file("all.csv", get(source + "/v1/export?format=csv"));
        String copy = serve();
        String csvCopy = serve();

        // when
        Run lines = Cli.run("import", exported.toString(), "--url", copy);
        Run records = Cli.run("import", csv.toString(), "--url", csvCopy);

        // then: the NDJSON copy exports byte for byte the same; the CSV copy holds the same readings
        assertThat(lines.exitCode()).as(lines.err()).isZero();
        assertThat(lines.out()).contains("3 lines, 3 stored, 0 duplicates, 0 rejected");
        assertThat(get(copy + "/v1/export")).isEqualTo(ndjson);
        assertThat(records.exitCode()).as(records.err()).isZero();
        assertThat(records.out()).contains("(csv) into " + csvCopy + ": 3 records, 3 stored");
        assertThat(json(get(csvCopy + "/v1/export"))).isEqualTo(json(ndjson));
    }

    @Test
    void tagsAndMeasurementsReachTheServerAsSentAndAReadingWithoutTagsTakesTheSeriesLatestThere() throws Exception {
        // given: a reading with a measurement and tags, one of the same series without (its latest), one moved
        String url = serve();
        Path file = file("tagged.ndjson", String.join("\n",
                "{\"series\":\"m-a\",\"time\":\"" + BASE + "\",\"measurement\":\"climate\","
                        + "\"tags\":{\"building\":\"b7\",\"type\":\"co2\"},\"fields\":{\"v\":1}}",
                line("m-a", 1, 2, "OK"),
                "{\"series\":\"m-a\",\"time\":\"" + BASE.plus(2, ChronoUnit.MINUTES) + "\","
                        + "\"tags\":{\"building\":\"b8\"},\"fields\":{\"v\":3}}") + "\n");

        // when
        Run run = Cli.run("import", file.toString(), "--url", url);

        // then: the export holds each reading with the meta it was written with
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<JsonNode> exported = json(get(url + "/v1/export"));
        assertThat(exported).hasSize(3);
        assertThat(exported.get(0).path("tags")).isEqualTo(JSON.readTree("{\"building\":\"b7\",\"type\":\"co2\"}"));
        assertThat(exported.get(0).path("measurement").asText()).isEqualTo("climate");
        assertThat(exported.get(1).path("tags")).isEqualTo(exported.get(0).path("tags"));
        assertThat(exported.get(1).path("measurement").asText()).isEqualTo("climate");
        assertThat(exported.get(2).path("tags")).isEqualTo(JSON.readTree("{\"building\":\"b8\"}"));
        assertThat(exported.get(2).has("measurement")).isFalse();
        assertThat(JSON.readTree(get(url + "/v1/series?tag=building:b8")).toString()).contains("m-a");
    }

    private static List<JsonNode> json(String ndjson) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : ndjson.split("\n")) {
            nodes.add(JSON.readTree(line));
        }
        return nodes;
    }

    @Test
    void aServerWithTokensTakesTheWriteTokenFromTheFlagOrTheEnvironmentAndRefusesOthersInOneLine() throws Exception {
        // given
        String url = serve(ServerConfig.builder().tokens(AccessTokens.parse(AccessTokens.entryOf(WRITE,
                EnumSet.of(Scope.WRITE)) + " " + AccessTokens.entryOf(READ, EnumSet.of(Scope.READ)))));
        Path file = file("in.ndjson", line("t-a", 0, 1, "OK") + "\n" + line("t-a", 1, 2, "OK") + "\n");

        // when
        Run none = Cli.run("import", file.toString(), "--url", url);
        Run reader = Cli.run("import", file.toString(), "--url", url, "--token", READ);
        Run flag = Cli.run("import", file.toString(), "--url", url, "--token", WRITE);
        Run environment = Cli.run(Map.of("BUCKETRY_TOKEN", WRITE), "import", file.toString(), "--url", url);

        // then
        Cli.assertOneLineError(none, 1, "the server at " + url + " answered 401 UNAUTHORIZED", "--token");
        Cli.assertOneLineError(reader, 1, "answered 403 FORBIDDEN");
        assertThat(none.err() + reader.err()).doesNotContain(READ).doesNotContain(WRITE);
        assertThat(flag.exitCode()).as(flag.err()).isZero();
        assertThat(flag.out()).contains("2 stored");
        assertThat(environment.out()).contains("0 stored, 2 duplicates");
    }

    @Test
    void aServerThatIsNotThereOrRefusesTheBatchStopsTheImportInOneLine() throws Exception {
        // given: a port nobody listens on, and a server whose batch limit (50) is below --batch-size
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        String url = serve();
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            many.append(line("b-a", i, i, "OK")).append('\n');
        }
        Path file = file("many.ndjson", many.toString());

        // when
        Run absent = Cli.run("import", file.toString(), "--url", "http://127.0.0.1:" + closed);
        Run tooLarge = Cli.run("import", file.toString(), "--url", url, "--batch-size", "60");
        Run badUrl = Cli.run("import", file.toString(), "--url", "ftp://127.0.0.1:21");
        Run both = Cli.run("import", file.toString(), "--url", url, "--backend", "mongo-bucket", "--retention", "7d");

        // then
        Cli.assertOneLineError(absent, 1, "cannot reach http://127.0.0.1:" + closed, "is 'bucketry serve' running there");
        Cli.assertOneLineError(tooLarge, 1, "answered 400 BATCH_TOO_LARGE", "--batch-size");
        Cli.assertOneLineError(badUrl, 2, "--url ftp://127.0.0.1:21 must be http://host:port or https://host:port");
        Cli.assertOneLineError(both, 2, "--url sends the readings to a running server", "--backend, --retention would be"
                + " ignored");
        assertThat(JSON.readTree(get(url + "/v1/series/b-a/readings"))).isEmpty();
    }

    @Test
    void aCsvFileIsReadAsCsvByItsNameOrItsHeaderAndBrokenCsvStopsInOneLine() throws Exception {
        // given: the same CSV under a .csv name and under a .txt name, and CSV with a quote left open
        String url = serve();
        String csv = "series,time,temperature,status\r\nc-a," + BASE + ",21.5,OK\r\nc-a," + BASE.plusSeconds(60)
                + ",22,\"a, b\"\r\n";
        Path named = file("all.csv", csv);
        Path unnamed = file("all.txt", csv);
        Path broken = file("broken.csv", csv + "c-a," + BASE.plusSeconds(120) + ",1,\"open\r\n");

        // when
        Run byName = Cli.run("import", named.toString(), "--url", url);
        Run byHeader = Cli.run("import", unnamed.toString(), "--url", url);
        Run stops = Cli.run("import", broken.toString(), "--url", url);

        // then: never a MALFORMED_JSON line per record
        assertThat(byName.out()).contains("(csv) into " + url + ": 2 records, 2 stored");
        assertThat(byHeader.out()).contains("(csv) into " + url + ": 2 records, 0 stored, 2 duplicates");
        assertThat(byName.err() + byHeader.err()).doesNotContain("MALFORMED_JSON");
        Cli.assertOneLineError(stops, 1, "the CSV is malformed in the record that starts at line 4: Missing closing quote",
                "stopped there, after 2 records: 0 stored, 2 duplicates");
        JsonNode stored = JSON.readTree(get(url + "/v1/series/c-a/readings"));
        assertThat(stored.get(1).get("fields").get("status").asText()).isEqualTo("a, b");
        assertThat(stored.get(1).get("fields").get("temperature").asDouble()).isEqualTo(22.0);
    }

    @Test
    void anHttpsServerIsReachedWithTheTrustItsClientHasAndRefusedInOneLineByAJvmThatDoesNotTrustIt() throws Exception {
        // given: a server with a self-signed certificate made now, which the JVM's default trust does not know
        SelfSigned certificate = SelfSigned.in(dir);
        String url = serve(ServerConfig.builder().tlsKeystore(certificate.keystore())
                .tlsKeystorePassword(certificate.password())).replace("http:", "https:");
        Path file = file("in.ndjson", line("s-a", 0, 1, "OK") + "\n");
        HttpClient trusting = HttpClient.newBuilder().sslContext(certificate.trustingContext()).build();

        // when
        Run untrusted = Cli.run("import", file.toString(), "--url", url);
        ImportResult result = new Import(new HttpIngestReadings(trusting, URI.create(url), null), 10)
                .run(ExportFormat.NDJSON, Files.newInputStream(file), rejection -> { }, lines -> { });

        // then
        Cli.assertOneLineError(untrusted, 1, "cannot talk TLS with " + url + ": this JVM does not trust its certificate",
                "-Djavax.net.ssl.trustStore=");
        assertThat(result).isEqualTo(new ImportResult(1, 1, 0, 0));
    }

    @Test
    void aServerThatTakesTheBatchButNeverAnswersStopsTheImportAfterTheTimeout() throws Exception {
        // given: a socket that takes connections (the system's backlog) and never answers
        Path file = file("in.ndjson", line("w-a", 0, 1, "OK") + "\n");
        try (ServerSocket silent = new ServerSocket(0)) {
            String url = "http://127.0.0.1:" + silent.getLocalPort();
            HttpIngestReadings ingest = new HttpIngestReadings(client, URI.create(url), null, Duration.ofSeconds(1));

            // when / then
            assertThatThrownBy(() -> new Import(ingest, 10).run(ExportFormat.NDJSON, Files.newInputStream(file),
                    rejection -> { }, lines -> { }))
                    .hasMessage("the server at " + url + " did not answer a batch within 1 s; send smaller batches "
                            + "with --batch-size");
        }
    }

    @Test
    void aBusyServerIsAskedAgainAfterItsRetryAfterAndItsReportCountsOnce() throws Exception {
        // given: a stand-in server that answers 503 BUSY once, then an ingest report of the batch it got
        List<String> bodies = new ArrayList<>();
        com.sun.net.httpserver.HttpServer busy = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        busy.createContext("/v1/readings", exchange -> {
            bodies.add(new String(new java.util.zip.GZIPInputStream(exchange.getRequestBody()).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8));
            boolean first = bodies.size() == 1;
            byte[] answer = (first ? "{\"error\":\"BUSY\",\"message\":\"32 ingest requests are already running\"}"
                    : "{\"accepted\":1,\"duplicates\":1,\"rejected\":[]}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (first) {
                exchange.getResponseHeaders().add("Retry-After", "1");
            }
            exchange.sendResponseHeaders(first ? 503 : 200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        busy.start();
        running.add(() -> busy.stop(0));
        Path file = file("in.ndjson", line("y-a", 0, 1, "OK") + "\n" + line("y-a", 1, 2, "OK") + "\n");

        // when
        Run run = Cli.run("import", file.toString(), "--url", "http://127.0.0.1:" + busy.getAddress().getPort());

        // then: the same batch twice, counted once
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("2 lines, 1 stored, 1 duplicate, 0 rejected");
        assertThat(bodies).hasSize(2).allSatisfy(body -> assertThat(body.lines()).hasSize(2));
        assertThat(bodies.get(1)).isEqualTo(bodies.get(0));
    }

    @Test
    void anNdjsonFileWithTheCsvFlagIsRefusedAtItsHeaderInOneLine() throws Exception {
        Path file = file("in.ndjson", line("f-a", 0, 1, "OK") + "\n");

        Run run = Cli.run("import", file.toString(), "--url", serve(), "--format", "csv");

        Cli.assertOneLineError(run, 1, "the first line is not a CSV header of readings: ", "expected series,time,<field names…>");
    }
}
