package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients nobody here wrote read back through {@code /query} what they wrote through {@code /write}: Debian's
 * {@code influx} 1.6 CLI ({@code -execute}, {@code -format json|csv}), {@code python3-influxdb}'s {@code query()} and
 * node-influx's {@code query()} (npm {@code influx}, looked for in {@code NODE_PATH} and
 * {@code ~/.cache/bucketry/node/node_modules}). Each test skips, saying why, when its client is absent
 * ({@code .ci/run} installs them).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InfluxQueryClientsTest {

    private static final String DEBIAN_PYTHON = "/usr/bin/python3";
    private static final Path NODE_MODULES = Path.of(System.getProperty("user.home"), ".cache", "bucketry", "node",
            "node_modules");

    private final QueryServer server = new QueryServer();
    private final String port = Integer.toString(server.server.port());

    @AfterAll
    void stop() {
        server.close();
    }

    private static String measurement() {
        return "m" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    @Test
    void theInfluxCliReadsBackAsJsonWhatItInserted() throws Exception {
        Assumptions.assumeTrue(onPath("influx"), "the influx CLI (Debian package influxdb-client) is not installed");
        String m = measurement();
        assertThat(influx("-execute", "INSERT " + m + ",host=web01 temperature=21.5").exit()).isZero();

        Run run = influx("-execute", "SELECT temperature, host FROM " + m, "-format", "json", "-precision", "ms");

        assertThat(run.exit()).as(run.output()).isZero();
        JsonNode series = new ObjectMapper().readTree(run.output()).at("/results/0/series/0");
        assertThat(series.get("name").asText()).isEqualTo(m);
        assertThat(series.get("columns").toString()).isEqualTo("[\"time\",\"temperature\",\"host\"]");
        assertThat(series.at("/values/0/1").asDouble()).isEqualTo(21.5);
        assertThat(series.at("/values/0/2").asText()).isEqualTo("web01");
        assertThat(series.at("/values/0/0").asLong()).isCloseTo(Instant.now().toEpochMilli(), org.assertj.core.data.Offset.offset(60_000L));
    }

    @Test
    void theInfluxCliReadsBackAsCsvAndShowsTheMeasurement() throws Exception {
        Assumptions.assumeTrue(onPath("influx"), "the influx CLI (Debian package influxdb-client) is not installed");
        String m = measurement();
        Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(10, ChronoUnit.MINUTES);
        long ns = minute.toEpochMilli() * 1_000_000;
        assertThat(influx("-execute", "INSERT " + m + ",host=a v=1 " + ns).exit()).isZero();
        assertThat(influx("-execute", "INSERT " + m + ",host=a v=3 " + (ns + 60_000_000_000L)).exit()).isZero();

        Run csv = influx("-execute", "SELECT mean(v) FROM " + m + " WHERE time >= '" + minute + "'"
                + " AND time < '" + minute.plus(2, ChronoUnit.MINUTES) + "' GROUP BY time(1m)", "-format", "csv");
        Run shown = influx("-execute", "SHOW MEASUREMENTS", "-format", "csv");

        assertThat(csv.exit()).as(csv.output()).isZero();
        assertThat(csv.output()).isEqualTo("name,time,mean\n" + m + "," + ns + ",1\n" + m + "," + (ns + 60_000_000_000L) + ",3\n");
        assertThat(shown.output()).contains("measurements," + m + "\n");
    }

    @Test
    void pythonInfluxdbQueryReadsBackThePointsItWrote() throws Exception {
        Assumptions.assumeTrue(new File(DEBIAN_PYTHON).canExecute()
                        && run(Map.of(), DEBIAN_PYTHON, "-c", "import influxdb").exit() == 0,
                "python3-influxdb (Debian package) is not installed for " + DEBIAN_PYTHON);
        String m = measurement();
        long ms = Instant.now().toEpochMilli() - 60_000;
        String script = String.join("\n",
                "from influxdb import InfluxDBClient",
                "c = InfluxDBClient(host='127.0.0.1', port=" + port + ", database='telegraf')",
                "c.write_points([{'measurement': '" + m + "', 'tags': {'host': 'b'}, 'time': " + ms + ", 'fields': {'load': 0.75}},",
                "    {'measurement': '" + m + "', 'tags': {'host': 'c'}, 'time': " + (ms + 1000) + ", 'fields': {'load': 1.25}}],",
                "    time_precision='ms')",
                "for p in c.query('SELECT load FROM \"" + m + "\" WHERE time > now() - 1h GROUP BY host', epoch='ms').get_points():",
                "    print('point', p['time'], p['load'])",
                "print('tags', sorted(v['value'] for v in c.query('SHOW TAG VALUES FROM " + m + " WITH KEY = host').get_points()))");

        Run run = run(Map.of(), DEBIAN_PYTHON, "-c", script);

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("point " + ms + " 0.75", "point " + (ms + 1000) + " 1.25", "tags ['b', 'c']");
    }

    @Test
    void nodeInfluxQueryReadsBackThePointsItWrote() throws Exception {
        String nodePath = nodePath();
        Assumptions.assumeTrue(onPath("node") && run(Map.of("NODE_PATH", nodePath), "node", "-e", "require('influx')")
                .exit() == 0, "node or the npm package influx is absent (npm install --prefix ~/.cache/bucketry/node influx@5.12.0)");
        String m = measurement();
        long ms = Instant.now().toEpochMilli() - 60_000;
        String script = String.join("\n",
                "const Influx = require('influx');",
                "const db = new Influx.InfluxDB({host: '127.0.0.1', port: " + port + ", database: 'telegraf'});",
                "(async () => {",
                "  await db.writePoints([{measurement: '" + m + "', tags: {host: 'n1'}, fields: {rpm: 1200.5},",
                "    timestamp: " + ms + "}], {precision: 'ms'});",
                "  const rows = await db.query('SELECT max(rpm) FROM " + m + " WHERE time > now() - 1h', {precision: 'ms'});",
                "  console.log('max', rows[0].max, rows[0].time.getTime());",
                "  console.log('measurements', JSON.stringify(await db.getMeasurements()));",
                "})().catch(e => { console.error(e); process.exit(1); });");

        Run run = run(Map.of("NODE_PATH", nodePath), "node", "-e", script);

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("max 1200.5 " + ms, "\"" + m + "\"");
    }

    private static String nodePath() {
        String given = System.getenv("NODE_PATH");
        return (given == null || given.isEmpty() ? "" : given + File.pathSeparator) + NODE_MODULES;
    }

    private Run influx(String... args) throws Exception {
        String[] command = new String[args.length + 7];
        System.arraycopy(new String[] {"influx", "-host", "127.0.0.1", "-port", port, "-database", "telegraf"}, 0, command, 0, 7);
        System.arraycopy(args, 0, command, 7, args.length);
        return run(Map.of(), command);
    }

    private record Run(int exit, String output) {
    }

    private static boolean onPath(String command) throws Exception {
        return run(Map.of(), "sh", "-c", "command -v " + command).exit() == 0;
    }

    private static Run run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new Run(-1, "timed out: " + String.join(" ", command));
        }
        return new Run(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
