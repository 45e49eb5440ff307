package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The same points written by line protocol to a throwaway influxd 1.6.7 and to Bucketry, the same InfluxQL
 * asked of both with {@code epoch=ms} (the shapes Grafana's InfluxDB data source and the influx CLI send):
 * the answers must have the same series, tags, columns and values (floats within 1e-9 relative), and the
 * same errors where both refuse. Skips, saying why, without influxd ({@code .ci/run} installs it).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InfluxQlFidelityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newHttpClient();
    private InfluxdOracle influxd;
    private QueryServer bucketry;
    /** The data's first and last hour: two hours of points, starting three hours ago on the hour. */
    private long from;
    private long to;

    @BeforeAll
    void start() throws Exception {
        String why = InfluxdOracle.unavailable();
        Assumptions.assumeTrue(why == null, why);
        influxd = InfluxdOracle.start();
        bucketry = new QueryServer();
        from = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(3, ChronoUnit.HOURS).toEpochMilli();
        to = from + 2 * 3_600_000L;
        String lines = lines(from);
        assertThat(QueryServer.write(client, influxd.base, lines)).isEqualTo(204);
        assertThat(bucketry.write(lines)).isEqualTo(204);
    }

    @AfterAll
    void stop() throws Exception {
        if (bucketry != null) {
            bucketry.close();
        }
        if (influxd != null) {
            influxd.close();
        }
    }

    /**
     * cpu of three hosts in two regions every 30 s (h2 silent for 20 minutes), mem every minute, a tagless temp, texts,
     * and numbers Go writes with an exponent.
     */
    static String lines(long start) {
        Random random = new Random(33);
        StringBuilder lines = new StringBuilder();
        String[][] hosts = {{"h1", "eu"}, {"h2", "eu"}, {"h3", "us"}};
        for (long t = start; t < start + 2 * 3_600_000L; t += 30_000) {
            for (String[] host : hosts) {
                boolean silent = host[0].equals("h2") && t >= start + 1_800_000 && t < start + 3_000_000;
                if (!silent) {
                    lines.append("cpu,host=").append(host[0]).append(",region=").append(host[1])
                            .append(" usage=").append(random.nextInt(10_000) / 100.0)
                            .append(",idle=").append(random.nextInt(1_000) / 10.0).append(' ').append(t).append('\n');
                }
            }
            if ((t - start) % 60_000 == 0) {
                lines.append("mem,host=h1 free=").append(random.nextInt(1 << 20)).append(' ').append(t).append('\n');
                lines.append("mem,host=h2 free=").append(random.nextInt(1 << 20)).append(".5 ").append(t).append('\n');
            }
            if ((t - start) % 300_000 == 0) {
                lines.append("temp value=").append(random.nextGaussian()).append(' ').append(t).append('\n');
            }
            if (t - start < 180_000 && (t - start) % 60_000 == 0) {
                String[] extremes = {"1.5e-07", "1e+21", "-123456789012.25"};
                lines.append("extreme value=").append(extremes[(int) ((t - start) / 60_000)]).append(' ').append(t).append('\n');
            }
            if ((t - start) % 600_000 == 0) {
                lines.append("events,host=h1 state=\"").append(random.nextBoolean() ? "up" : "down").append("\" ")
                        .append(t).append('\n');
            }
        }
        return lines.toString();
    }

    /** {@code template} with its placeholders: $range, $fromRfc, $toRfc and $to. */
    private String statement(String template) {
        return template.replace("$range", "time >= " + from + "ms AND time < " + to + "ms")
                .replace("$fromRfc", Instant.ofEpochMilli(from).toString())
                .replace("$toRfc", Instant.ofEpochMilli(to).toString())
                .replace("$to", to + "ms");
    }

    /** Statements both must answer alike; $range is an absolute range over the data as Grafana writes it. */
    List<String> statements() {
        return List.of(
                "SHOW DATABASES",
                "SHOW MEASUREMENTS",
                "SHOW MEASUREMENTS LIMIT 2",
                "SHOW MEASUREMENTS WITH MEASUREMENT =~ /^c/",
                "SHOW MEASUREMENTS WITH MEASUREMENT = mem",
                "SHOW MEASUREMENTS WHERE host = 'h3'",
                "SHOW TAG KEYS",
                "SHOW TAG KEYS FROM \"cpu\"",
                "SHOW TAG VALUES FROM \"cpu\" WITH KEY = \"host\"",
                "SHOW TAG VALUES WITH KEY = host",
                "SHOW TAG VALUES FROM cpu WITH KEY IN (host, region)",
                "SHOW TAG VALUES FROM cpu WITH KEY =~ /reg/",
                "SHOW TAG VALUES FROM cpu WITH KEY = host WHERE region = 'eu'",
                "SHOW TAG VALUES FROM cpu WITH KEY != host",
                "SHOW FIELD KEYS",
                "SHOW FIELD KEYS FROM cpu",
                "SHOW SERIES",
                "SHOW SERIES FROM cpu WHERE host = 'h1'",
                "SHOW SERIES LIMIT 2 OFFSET 1",
                "SELECT usage FROM cpu WHERE $range",
                "SELECT * FROM cpu WHERE host = 'h1' AND $range",
                "SELECT usage, host FROM cpu WHERE $range LIMIT 10",
                "SELECT \"usage\" AS u FROM \"autogen\".\"cpu\" WHERE (\"host\" = 'h2') AND $range",
                "SELECT state FROM events WHERE $range",
                "SELECT * FROM temp WHERE $range ORDER BY time DESC LIMIT 5 OFFSET 2",
                "SELECT usage FROM cpu WHERE time > now() - 4h AND host = 'h3'",
                "SELECT usage FROM cpu WHERE time >= '$fromRfc' AND time < '$toRfc' AND host =~ /h[12]/",
                "SELECT mean(\"usage\") FROM \"cpu\" WHERE (\"host\" = 'h1') AND $range GROUP BY time(1m) fill(null)",
                "SELECT mean(\"usage\") FROM \"autogen\".\"cpu\" WHERE $range GROUP BY time(5m) fill(null)",
                "SELECT mean(usage) FROM cpu WHERE $range GROUP BY time(5m), host fill(none)",
                "SELECT mean(usage) FROM cpu WHERE host = 'h2' AND $range GROUP BY time(5m) fill(previous)",
                "SELECT mean(usage) FROM cpu WHERE host = 'h2' AND $range GROUP BY time(5m) fill(linear)",
                "SELECT mean(usage) FROM cpu WHERE host = 'h2' AND $range GROUP BY time(5m) fill(0)",
                "SELECT count(usage) FROM cpu WHERE host = 'h2' AND $range GROUP BY time(10m) fill(-1.5)",
                "SELECT mean(usage) FROM cpu WHERE $range GROUP BY time(10m, 2m)",
                "SELECT count(usage), min(usage), max(usage), sum(usage), first(usage), last(usage) FROM cpu"
                        + " WHERE $range GROUP BY time(15m)",
                "SELECT first(usage), last(idle) FROM cpu WHERE $range GROUP BY time(20m), region",
                "SELECT mean(*) FROM cpu WHERE $range GROUP BY time(30m)",
                "SELECT count(*) FROM cpu WHERE $range GROUP BY *",
                "SELECT max(usage) FROM cpu WHERE $range GROUP BY host",
                "SELECT min(usage) FROM cpu WHERE $range",
                "SELECT first(usage) FROM cpu WHERE $range GROUP BY region",
                "SELECT last(idle) FROM cpu WHERE host = 'h3'",
                "SELECT max(free) FROM mem GROUP BY host",
                "SELECT min(value) FROM temp WHERE time >= '$fromRfc'",
                "SELECT mean(usage), mean(idle), max(usage) FROM cpu WHERE $range",
                "SELECT sum(free) FROM mem WHERE $range GROUP BY time(1h), host",
                "SELECT mean(usage) FROM cpu WHERE $range GROUP BY time(5m) ORDER BY time DESC LIMIT 4",
                "SELECT mean(usage) FROM cpu WHERE $range GROUP BY time(30m), host LIMIT 2 OFFSET 1 SLIMIT 2",
                "SELECT mean(usage) FROM cpu WHERE (host = 'h1' OR host = 'h3') AND region != 'us' AND $range"
                        + " GROUP BY time(1h)",
                "SELECT mean(usage) FROM cpu WHERE host !~ /h1/ AND $range GROUP BY time(1h), host",
                "SELECT mean(\"usage\") FROM \"cpu\" WHERE (\"host\" = 'h1') AND $range GROUP BY time(1m), \"host\" fill(null)",
                "SELECT mean(usage) FROM cpu WHERE region = 'eu' AND $range GROUP BY time(10m), host fill(null)",
                "SELECT sum(usage), count(idle) FROM cpu WHERE (host = 'h1' OR host = 'h3') AND $range GROUP BY time(30m), host, region",
                "SELECT mean(usage) FROM cpu WHERE region = 'eu' AND host =~ /h[23]/ AND $range GROUP BY time(5m), region fill(linear)",
                "SELECT max(usage) FROM cpu WHERE (host = 'h2' OR region = 'us') AND $range GROUP BY time(20m), region fill(previous)",
                "SELECT mean(free), min(free) FROM mem WHERE $range GROUP BY time(10m), host",
                "SELECT count(usage), mean(idle) FROM cpu WHERE $range GROUP BY time(20m), region",
                "SELECT mean(usage) FROM cpu WHERE host = 'h9' AND $range GROUP BY time(5m)",
                "SELECT mean(usage) FROM cpu WHERE region = 'eu' AND $range GROUP BY time(10m), rack",
                "SELECT mean(usage) FROM cpu WHERE region = 'eu' AND $range GROUP BY time(10m, 3m), region fill(0)",
                "SELECT sum(usage) FROM cpu WHERE region != 'us' AND $range GROUP BY region",
                "SELECT mean(usage), count(idle) FROM cpu WHERE (host = 'h2' OR host = 'h3') AND $range GROUP BY time(10m), host",
                "SELECT count(usage) FROM cpu WHERE time <= $to GROUP BY time(1h)",
                "SELECT mean(value) FROM temp WHERE $range GROUP BY time(20m) fill(none)",
                "SHOW MEASUREMENTS; SELECT last(usage) FROM cpu WHERE $range GROUP BY host",
                "SELECT usage FROM nothing WHERE $range",
                "SELEC usage FROM cpu",
                "SELECT usage FROM",
                "SELECT usage FROM cpu WHERE",
                "SELECT usage FROM cpu WHERE host = 'h1' GROUP BY",
                "SELECT usage FROM cpu ORDER BY host",
                "SELECT usage FROM cpu LIMIT -1",
                "SELECT mean(usage) FROM cpu GROUP BY time(1m) fill(foo)",
                "SHOW FOO",
                "SELECT usage FROM cpu WHERE host =~ /(/",
                "SELECT usage FROM cpu WHERE (host = 'h1'",
                "SELECT usage FROM cpu WHERE host = 'h1",
                "SHOW TAG VALUES FROM cpu",
                "SELECT foo(usage) FROM cpu",
                "SELECT count(usage), usage FROM cpu");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statements")
    void answersAsInfluxdDoes(String template) throws Exception {
        String q = statement(template);

        HttpResponse<String> expected = QueryServer.query(client, influxd.base, "db", InfluxdOracle.DATABASE, "epoch", "ms",
                "q", q);
        HttpResponse<String> actual = bucketry.query("db", InfluxdOracle.DATABASE, "epoch", "ms", "q", q);

        assertThat(actual.statusCode()).as(actual.body()).isEqualTo(expected.statusCode());
        assertSame(tiesSorted(JSON.readTree(expected.body())), tiesSorted(JSON.readTree(actual.body())), "$",
                expected.body(), actual.body());
    }

    /**
     * The answer with each run of rows at one time sorted by their text: InfluxDB answers the raw rows of several
     * series at the same time in no defined order. Rows of different times keep their order.
     */
    static JsonNode tiesSorted(JsonNode answer) {
        for (JsonNode series : answer.findValues("series")) {
            for (JsonNode one : series) {
                com.fasterxml.jackson.databind.node.ArrayNode values = (com.fasterxml.jackson.databind.node.ArrayNode) one.get("values");
                List<JsonNode> rows = new java.util.ArrayList<>();
                values.forEach(rows::add);
                int start = 0;
                for (int i = 1; i <= rows.size(); i++) {
                    if (i == rows.size() || !rows.get(i).get(0).equals(rows.get(start).get(0))) {
                        rows.subList(start, i).sort(java.util.Comparator.comparing(JsonNode::toString));
                        start = i;
                    }
                }
                values.removeAll();
                rows.forEach(values::add);
            }
        }
        return answer;
    }

    List<String> textStatements() {
        return List.of(
                "SELECT mean(usage) FROM cpu WHERE $range GROUP BY time(30m), host",
                "SHOW TAG VALUES FROM cpu WITH KEY IN (host, region); SHOW SERIES",
                "SELECT count(usage) FROM cpu WHERE host = 'h2' AND $range GROUP BY time(20m) fill(none); SHOW MEASUREMENTS",
                "SELECT value FROM extreme WHERE $range");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("textStatements")
    void csvAndPrettyAnswersAreInfluxdsToTheByte(String template) throws Exception {
        String q = statement(template);
        String[] csv = {"Accept", "application/csv"};
        String[] pretty = {"Accept", "application/json"};

        for (String[] headers : new String[][] {csv, pretty}) {
            String expected = text(influxd.base, headers, q);
            String actual = text(bucketry.base, headers, q);
            assertThat(actual).as(headers[1]).isEqualTo(expected);
        }
    }

    private String text(String base, String[] headers, String q) throws Exception {
        String url = base + "/query?db=" + InfluxdOracle.DATABASE + "&pretty=true&q="
                + java.net.URLEncoder.encode(q, java.nio.charset.StandardCharsets.UTF_8);
        return client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).headers(headers).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** Equal JSON, numbers within 1e-9 relative. */
    static void assertSame(JsonNode expected, JsonNode actual, String path, String expectedText, String actualText) {
        String context = " at " + path + "\ninfluxd:  " + abbreviated(expectedText) + "\nbucketry: " + abbreviated(actualText);
        if (expected.isNumber() && actual.isNumber()) {
            double e = expected.asDouble();
            double a = actual.asDouble();
            if (Math.abs(e - a) > 1e-9 * Math.max(Math.abs(e), Math.abs(a))) {
                fail("number " + a + " is not " + e + context);
            }
            return;
        }
        if (expected.getNodeType() != actual.getNodeType()) {
            fail(actual.getNodeType() + " " + actual + " is not " + expected.getNodeType() + " " + expected + context);
        }
        if (expected.isObject()) {
            assertThat(iterable(actual.fieldNames())).as("keys" + context).containsExactlyElementsOf(iterable(expected.fieldNames()));
            for (Iterator<Map.Entry<String, JsonNode>> fields = expected.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                assertSame(field.getValue(), actual.get(field.getKey()), path + "." + field.getKey(), expectedText, actualText);
            }
        } else if (expected.isArray()) {
            assertThat(actual.size()).as("length" + context).isEqualTo(expected.size());
            for (int i = 0; i < expected.size(); i++) {
                assertSame(expected.get(i), actual.get(i), path + "[" + i + "]", expectedText, actualText);
            }
        } else {
            assertThat(actual.asText()).as("value" + context).isEqualTo(expected.asText());
        }
    }

    private static List<String> iterable(Iterator<String> names) {
        List<String> list = new java.util.ArrayList<>();
        names.forEachRemaining(list::add);
        return list;
    }

    private static String abbreviated(String text) {
        return text.length() > 1500 ? text.substring(0, 1500) + "…" : text;
    }
}
