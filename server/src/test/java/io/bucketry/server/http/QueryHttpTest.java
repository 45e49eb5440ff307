package io.bucketry.server.http;

import io.bucketry.server.lineprotocol.SeriesIdRule;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code /query} does where InfluxDB has no answer to compare with: its refusals of what Bucketry does not
 * run, its read bounds, its parameters and its scope. (InfluxQlFidelityTest compares the rest with influxd.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryHttpTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_WINDOWS = 50;

    private final QueryServer server = new QueryServer(BucketryConfig.builder().maxWindows(MAX_WINDOWS).build());
    private final long start = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS).toEpochMilli();

    @BeforeAll
    void write() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            lines.append("cpu,host=a usage=").append(i).append(' ').append(start + i * 60_000L).append('\n');
        }
        assertThat(server.write(lines.toString())).isEqualTo(204);
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private JsonNode ask(String q) throws Exception {
        HttpResponse<String> answer = server.query("db", "any", "q", q);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private String range() {
        return "time >= " + start + "ms AND time < " + (start + 3_600_000L) + "ms";
    }

    @Test
    void theTagsALineWasWrittenWithAreQueriedWhateverTheSeriesIdRule() throws Exception {
        // the default series id rule (values) spells no tag keys in the ids: the tags kept with the series answer
        try (QueryServer values = new QueryServer(BucketryConfig.builder().build(),
                LocalServer.builder().lineProtocolSeriesId(SeriesIdRule.VALUES), true)) {
            assertThat(values.write("mem,host=web01,region=eu used=1 " + start + "\nmem,host=web02,region=us used=3 "
                    + start + "\n")).isEqualTo(204);

            JsonNode regions = JSON.readTree(values.query("db", "any", "q", "SHOW TAG VALUES FROM mem WITH KEY = \"region\"")
                    .body()).path("results").path(0).path("series").path(0);
            JsonNode eu = JSON.readTree(values.query("db", "any", "q", "SELECT sum(used) FROM mem WHERE region = 'eu' AND "
                    + range()).body()).path("results").path(0).path("series").path(0);

            assertThat(regions.path("values").toString()).isEqualTo("[[\"region\",\"eu\"],[\"region\",\"us\"]]");
            assertThat(eu.path("values").path(0).path(1).asDouble()).isEqualTo(1.0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "SELECT derivative(usage) FROM cpu | function derivative() is not supported by Bucketry; use count, min, max, sum, mean, first or last",
            "SELECT usage INTO copy FROM cpu | SELECT … INTO is not supported by Bucketry: /query only reads; write with /write",
            "SELECT usage FROM (SELECT usage FROM cpu) | subqueries are not supported by Bucketry; select FROM a measurement",
            "SELECT usage FROM cpu tz('Europe/Paris') | tz('Europe/Paris') is not supported by Bucketry: times are answered in UTC; leave tz() out",
            "SELECT usage + 1 FROM cpu | 'Bucketry selects fields, tags and count, min, max, sum, mean, first or last of a field: usage + 1 is not supported'",
            "SELECT usage FROM cpu WHERE usage > 3 | 'Bucketry filters on tags and time only: usage > 3 is not supported; compare a tag with = or != and a ''string'', with =~ or !~ and a /regex/'",
            "SELECT usage FROM cpu WHERE time > now() - 1h OR host = 'a' | invalid time condition: join conditions on time with AND, never OR",
            "SELECT mean(usage) FROM cpu GROUP BY time(100u) | GROUP BY time() in Bucketry takes whole milliseconds: readings have millisecond times; use an interval and offset of at least 1ms",
            "CREATE DATABASE x | CREATE DATABASE is not supported by Bucketry: /query answers SELECT, SHOW DATABASES, SHOW RETENTION POLICIES, SHOW MEASUREMENTS, SHOW TAG KEYS, SHOW TAG VALUES, SHOW FIELD KEYS and SHOW SERIES",
            "SHOW USERS | SHOW USERS is not supported by Bucketry: /query answers SELECT, SHOW DATABASES, SHOW RETENTION POLICIES, SHOW MEASUREMENTS, SHOW TAG KEYS, SHOW TAG VALUES, SHOW FIELD KEYS and SHOW SERIES"})
    void whatBucketryDoesNotRunIsAClearErrorOfItsStatement(String q, String error) throws Exception {
        JsonNode answer = ask(q);

        assertThat(answer.at("/results/0/error").asText()).isEqualTo(error);
    }

    @Test
    void theStatementsAfterAFailedOneAreNotRun() throws Exception {
        JsonNode answer = ask("SHOW MEASUREMENTS; SELECT median(usage) FROM cpu; SHOW DATABASES");

        assertThat(answer.get("results")).hasSize(2);
        assertThat(answer.at("/results/0/series/0/values/0/0").asText()).isEqualTo("cpu");
        assertThat(answer.at("/results/1/error").asText()).startsWith("function median() is not supported");
    }

    @Test
    void moreWindowsThanMaxWindowsAreRefusedBeforeAnyIsBuilt() throws Exception {
        JsonNode answer = ask("SELECT mean(usage) FROM cpu WHERE " + range() + " GROUP BY time(1m)");

        assertThat(answer.at("/results/0/error").asText()).isEqualTo("the statement would answer 60 windows (1 series × 60);"
                + " at most " + MAX_WINDOWS + " are allowed (maxWindows): narrow the time range or widen the GROUP BY time interval");
        assertThat(ask("SELECT mean(usage) FROM cpu WHERE " + range() + " GROUP BY time(2m)").at("/results/0/series/0/values"))
                .hasSize(30);
    }

    @Test
    void moreReadingsThanMaxWindowsAreRefusedButALoneSelectorReadsOneWindow() throws Exception {
        JsonNode raw = ask("SELECT usage FROM cpu WHERE " + range());
        JsonNode limited = ask("SELECT usage FROM cpu WHERE " + range() + " LIMIT 10");
        JsonNode selector = ask("SELECT max(usage) FROM cpu WHERE " + range());

        assertThat(raw.at("/results/0/error").asText()).isEqualTo("the statement would read more than " + MAX_WINDOWS
                + " readings (maxWindows); narrow the time range, filter on tags or add a LIMIT");
        // a lone selector reads only the window of summaries that holds its reading, to answer that reading's time
        assertThat(selector.at("/results/0/series/0/values/0/1").asDouble()).isEqualTo(59);
        assertThat(selector.at("/results/0/series/0/values/0/0").asText())
                .isEqualTo(Instant.ofEpochMilli(start + 59 * 60_000L).toString());
        assertThat(limited.at("/results/0/series/0/values")).hasSize(10);
    }

    @Test
    void aStatementThatReadsSeriesNeedsADatabaseName() throws Exception {
        HttpResponse<String> answer = server.query("q", "SELECT usage FROM cpu; SHOW DATABASES");

        assertThat(JSON.readTree(answer.body()).at("/results/0/error").asText()).isEqualTo("database name required");
        assertThat(ask("SHOW DATABASES").at("/results/0/series/0/values").toString()).isEqualTo("[[\"bucketry\"],[\"any\"]]");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "epoch=days | epoch 'days' is not a unit of time: use ns, u, ms, s, m or h, or leave it out for RFC 3339 times",
            "chunk_size=0 | chunk_size '0' is not a positive whole number of rows",
            "db=x | missing required parameter \"q\""})
    void aRequestThatCannotRunAnswers400WithInfluxDbsErrorShape(String parameter, String error) throws Exception {
        String[] pair = parameter.split("=", 2);
        HttpResponse<String> answer = pair[0].equals("db") ? server.query(pair[0], pair[1])
                : server.query(pair[0], pair[1], "q", "SHOW DATABASES");

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(answer.body()).toString()).isEqualTo(JSON.createObjectNode().put("error", error).toString());
        assertThat(answer.headers().firstValue("X-Influxdb-Error")).contains(error);
    }

    @Test
    void aPostedFormIsReadAsTheQueryString() throws Exception {
        HttpResponse<String> answer = server.post("db=x&epoch=s&q=" + java.net.URLEncoder.encode(
                "SELECT last(usage) FROM cpu WHERE time >= " + (start + 3_000_000L) + "ms", java.nio.charset.StandardCharsets.UTF_8));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(answer.body()).at("/results/0/series/0/values/0").toString()).as(answer.body())
                .isEqualTo("[" + (start / 1000 + 59 * 60) + ",59]");
    }

    @Test
    void chunkedAnswersAreOneObjectPerChunkMarkedPartialButTheLast() throws Exception {
        HttpResponse<String> answer = server.query("db", "x", "chunked", "true", "chunk_size", "25", "q",
                "SELECT usage FROM cpu WHERE " + range() + " LIMIT 40; SHOW MEASUREMENTS");

        String[] lines = answer.body().split("\n");
        assertThat(lines).hasSize(3);
        assertThat(JSON.readTree(lines[0]).at("/results/0/series/0/values")).hasSize(25);
        assertThat(JSON.readTree(lines[0]).at("/results/0/partial").asBoolean()).isTrue();
        assertThat(JSON.readTree(lines[0]).at("/results/0/series/0/partial").asBoolean()).isTrue();
        assertThat(JSON.readTree(lines[1]).at("/results/0/series/0/values")).hasSize(15);
        assertThat(JSON.readTree(lines[1]).at("/results/0").has("partial")).isFalse();
        assertThat(JSON.readTree(lines[2]).at("/results/0/statement_id").asInt()).isEqualTo(1);
    }

    @Test
    void aFailedStatementShowsInTheCsvAnswerAsAnErrorRow() throws Exception {
        HttpResponse<String> csv = server.post("db=x&q=" + java.net.URLEncoder.encode("SHOW MEASUREMENTS; SELECT mode(usage) FROM cpu",
                java.nio.charset.StandardCharsets.UTF_8), "Accept", "application/csv");

        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/csv"));
        assertThat(csv.body()).isEqualTo("name,tags,name\nmeasurements,,cpu\n\nerror\n"
                + "\"function mode() is not supported by Bucketry; use count, min, max, sum, mean, first or last\"\n");
    }

    @Test
    void theRouteNeedsAReadTokenWhenTokensAreConfigured() throws Exception {
        try (QueryServer guarded = new QueryServer(BucketryConfig.defaults(), LocalServer.builder().tokens(Tokens.configured()))) {
            HttpResponse<String> anonymous = guarded.query("db", "x", "q", "SHOW DATABASES");
            HttpResponse<String> writer = guarded.query("db", "x", "u", "grafana", "p", Tokens.WRITE, "q", "SHOW DATABASES");
            HttpResponse<String> reader = guarded.query("db", "x", "u", "grafana", "p", Tokens.READ, "q", "SHOW DATABASES");
            HttpResponse<String> posted = guarded.post("db=x&q=SHOW%20DATABASES", "Authorization", "Token " + Tokens.READ);

            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(writer.statusCode()).isEqualTo(403);
            assertThat(reader.statusCode()).isEqualTo(200);
            assertThat(posted.statusCode()).isEqualTo(200);
        }
    }
}
