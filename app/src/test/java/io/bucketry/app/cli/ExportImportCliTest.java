package io.bucketry.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code bucketry import FILE} and {@code bucketry export --out FILE} against a MongoDB test server on a port. */
class ExportImportCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant BASE = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(2, ChronoUnit.HOURS);

    @TempDir
    Path dir;
    @RegisterExtension
    final MongoOnAPort mongo = new MongoOnAPort();

    private static String line(String series, int minute, double temperature, String status) {
        return "{\"series\":\"" + series + "\",\"time\":\"" + BASE.plus(minute, ChronoUnit.MINUTES)
                + "\",\"fields\":{\"temperature\":" + temperature + ",\"status\":\"" + status + "\"}}";
    }

    private Run cli(String database, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--backend", "mongo-bucket", "--mongo-uri", mongo.uri(), "--mongo-database", database));
        return Cli.run(all.toArray(String[]::new));
    }

    private static List<JsonNode> json(List<String> lines) throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : lines) {
            nodes.add(JSON.readTree(line));
        }
        return nodes;
    }

    @Test
    void anImportStoresTheGoodLinesReportsTheBadOnesByNumberAndIsReplayable() throws IOException {
        List<String> good = List.of(line("cli-a", 0, 21.5, "OK"), line("cli-a", 1, 22.0, "a \\\"b\\\", c"),
                line("cli-b", 0, -3.25, "OK"));
        Path file = dir.resolve("in.ndjson");
        Files.writeString(file, String.join("\n", good.get(0), good.get(1), good.get(2),
                "{\"series\":\"cli-a\",\"time\":\"yesterday\",\"fields\":{\"x\":1}}", "{\"series\":", good.get(0), "", ""));

        Run first = cli("imports", "import", file.toString());
        Run again = cli("imports", "import", file.toString());

        assertThat(first.exitCode()).as(first.err()).isEqualTo(ImportCommand.REJECTED_LINES);
        assertThat(first.out()).contains("6 lines, 3 stored, 1 duplicate, 2 rejected");
        assertThat(first.errLines()).containsSubsequence("line 4: INVALID_TIME", "line 5: MALFORMED_JSON the line is not valid JSON");
        assertThat(again.out()).contains("6 lines, 0 stored, 4 duplicates, 2 rejected");
    }

    @Test
    void anExportWritesWhatWasImportedAndImportsCleanlyIntoAnotherStore() throws IOException {
        List<String> good = List.of(line("cli-a", 0, 21.5, "OK"), line("cli-a", 1, 22.0, "WARN"),
                line("cli-b", 0, -3.25, "OK"));
        Path file = dir.resolve("in.ndjson");
        Files.writeString(file, String.join("\n", good) + "\n");
        assertThat(cli("source", "import", file.toString()).exitCode()).isZero();

        Path exported = dir.resolve("out.ndjson.gz");
        Run export = cli("source", "export", "--out", exported.toString());
        Run copy = cli("copy", "import", exported.toString());
        Path again = dir.resolve("again.ndjson");
        cli("copy", "export", "--out", again.toString());

        assertThat(export.exitCode()).as(export.err()).isZero();
        assertThat(export.out()).contains("exported 3 readings from mongo-bucket").contains("gzip");
        List<String> lines;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(exported))) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        assertThat(json(lines)).containsExactlyElementsOf(json(good));
        assertThat(copy.exitCode()).as(copy.err()).isZero();
        assertThat(copy.out()).contains("3 lines, 3 stored, 0 duplicates, 0 rejected");
        assertThat(Files.readAllLines(again)).isEqualTo(lines);
    }

    @Test
    void aCsvExportOfOneSeriesHasTheHeaderAndOneRecordPerReading() throws IOException {
        Path file = dir.resolve("in.ndjson");
        Files.writeString(file, line("cli-a", 0, 21.5, "OK") + "\n" + line("cli-b", 0, 1, "OK") + "\n");
        cli("csv", "import", file.toString());
        Path csv = dir.resolve("a.csv");

        Run export = cli("csv", "export", "--out", csv.toString(), "--series", "cli-a");

        assertThat(export.exitCode()).as(export.err()).isZero();
        assertThat(Files.readString(csv)).isEqualTo("series,time,status,temperature\r\ncli-a," + BASE + ",OK,21.5\r\n");
    }

    @Test
    void anImportOfAnEndlessInputWithoutLineEndsStopsQuicklyWithOneLineAndExitCodeOne() {
        // given: /dev/zero, which never ends and has no line end
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.isReadable(zero), "this system has no readable /dev/zero");

        // when
        Run run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli("zero", "import", zero.toString()));

        // then
        Cli.assertOneLineError(run, 1, "/dev/zero: line 1 has no line end within 1,048,576 bytes");
        assertThat(run.err()).contains("stopped there, after 0 lines: 0 stored");
    }

    @Test
    void badFlagsAreBadUsage() {
        Run format = cli("bad", "export", "--out", dir.resolve("x").toString(), "--format", "xml");
        Run range = cli("bad", "export", "--out", dir.resolve("y").toString(), "--from", "2026-01-02T00:00:00Z",
                "--to", "2026-01-01T00:00:00Z");
        Run missing = cli("bad", "import", dir.resolve("absent.ndjson").toString());
        Run word = cli("bad", "export", "--out", dir.resolve("z").toString(), "--from", "yesterday");
        Run relative = cli("bad", "export", "--out", dir.resolve("z").toString(), "--from", "now", "--to", "-1h");

        Cli.assertOneLineError(format, 2, "format 'xml' is not one of ndjson, csv");
        Cli.assertOneLineError(range, 2, "is not before");
        Cli.assertOneLineError(missing, 2, "cannot read the file");
        Cli.assertOneLineError(word, 2, "--from: time 'yesterday' is none of: ISO-8601");
        Cli.assertOneLineError(relative, 2, "range start now is not before its end now-1h");
        assertThat(dir.resolve("z")).doesNotExist();
        assertThat(dir.resolve("y")).doesNotExist();
    }

    @Test
    void anImportIntoAStoreThatEndsWithTheCommandIsRefusedSayingWhereToImportInstead() throws IOException {
        // given: a good file, and the default in-memory backend or the embedded test server
        Path file = dir.resolve("good.ndjson");
        Files.writeString(file, line("vanish", 0, 21.5, "OK") + "\n");

        // when
        Run inMemory = Cli.run("import", file.toString());
        Run embedded = Cli.run("import", file.toString(), "--backend", "mongo-bucket", "--embedded-mongo");

        // then: nothing reports "stored" for data that vanishes
        Cli.assertOneLineError(inMemory, 2, "readings imported into the in-memory backend would be lost when this"
                + " command exits", "--mongo-uri");
        Cli.assertOneLineError(embedded, 2, "the embedded MongoDB test server would be lost");
        assertThat(inMemory.out()).doesNotContain("stored");
    }
}
