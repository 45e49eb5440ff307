package io.bucketry.server.http;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients nobody here wrote, writing through the v1 API: Debian's {@code influx} 1.6 CLI
 * ({@code influxdb-client}) and {@code python3-influxdb}. Each test skips, saying why, when its client is absent
 * ({@code .ci/run} installs both).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InfluxClientsTest {

    private static final String DEBIAN_PYTHON = "/usr/bin/python3";   // python3-influxdb is installed for Debian's python

    private final LineServer server = new LineServer();

    @AfterAll
    void stop() {
        server.close();
    }

    private List<Reading> stored(String series) {
        return server.bucketry.useCases().read().read(new SeriesId(series), null, null, 1000);
    }

    private static String measurement() {
        return "m" + UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void theInfluxCliInsertsThroughTheV1Api() throws Exception {
        Assumptions.assumeTrue(onPath("influx"), "the influx CLI (Debian package influxdb-client) is not installed");
        String m = measurement();

        Run run = run("influx", "-host", "127.0.0.1", "-port", Integer.toString(server.server.port()),
                "-database", "telegraf", "-execute", "INSERT " + m + ",host=web01 temperature=21.5,ok=true");

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(stored(m + ".web01")).singleElement().satisfies(r -> {
            assertThat(r.fields().number("temperature")).isEqualTo(21.5);
            assertThat(r.fields().number("ok")).isEqualTo(1.0);
        });
    }

    @Test
    void theInfluxCliImportsAFileWithPrecision() throws Exception {
        Assumptions.assumeTrue(onPath("influx"), "the influx CLI (Debian package influxdb-client) is not installed");
        String m = measurement();
        long s = Instant.now().getEpochSecond() - 120;
        Path file = Files.createTempFile("lines", ".txt");
        Files.writeString(file, "# DML\n# CONTEXT-DATABASE: telegraf\n" + m + ",host=a v=1 " + s + "\n"
                + m + ",host=a v=2 " + (s + 60) + "\n");

        Run run = run("influx", "-host", "127.0.0.1", "-port", Integer.toString(server.server.port()),
                "-import", "-path", file.toString(), "-precision", "s");
        Files.delete(file);

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(stored(m + ".a")).extracting(Reading::time)
                .containsExactly(Instant.ofEpochSecond(s), Instant.ofEpochSecond(s + 60));
    }

    @Test
    void pythonInfluxdbPingsAndWritesPointsAndSeesAPartialWriteAsAnError() throws Exception {
        Assumptions.assumeTrue(new File(DEBIAN_PYTHON).canExecute()
                        && run(DEBIAN_PYTHON, "-c", "import influxdb").exit() == 0,
                "python3-influxdb (Debian package) is not installed for " + DEBIAN_PYTHON);
        String m = measurement();
        long ms = Instant.now().toEpochMilli() - 5000;
        String script = String.join("\n",
                "from influxdb import InfluxDBClient",
                "from influxdb.exceptions import InfluxDBClientError",
                "c = InfluxDBClient(host='127.0.0.1', port=" + server.server.port() + ", database='telegraf')",
                "print('version', c.ping())",
                "ok = c.write_points([{'measurement': '" + m + "', 'tags': {'host': 'b'}, 'time': " + ms + ",",
                "    'fields': {'load': 0.75, 'count': 3, 'state': 'up'}}], time_precision='ms')",
                "print('written', ok)",
                "try:",
                "    c.write_points([{'measurement': '" + m + "', 'tags': {'host': 'b'}, 'time': " + (ms + 1) + ",",
                "        'fields': {'t': 1.0}}], time_precision='ms')",
                "    print('no error')",
                "except InfluxDBClientError as e:",
                "    print('refused', e.code)");

        Run run = run(DEBIAN_PYTHON, "-c", script);

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("version " + LineProtocolRoutes.INFLUX_VERSION, "written True", "refused 400");
        assertThat(stored(m + ".b")).singleElement().satisfies(r -> {
            assertThat(r.time()).isEqualTo(Instant.ofEpochMilli(ms));
            assertThat(r.fields().number("load")).isEqualTo(0.75);
            assertThat(r.fields().number("count")).isEqualTo(3.0);
        });
    }

    private record Run(int exit, String output) {
    }

    private static boolean onPath(String command) throws Exception {
        return run("sh", "-c", "command -v " + command).exit() == 0;
    }

    private static Run run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new Run(-1, "timed out: " + String.join(" ", command));
        }
        return new Run(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
