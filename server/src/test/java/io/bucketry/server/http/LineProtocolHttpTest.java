package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LineProtocolHttpTest {

    private final LineServer server = new LineServer();

    @AfterAll
    void stop() {
        server.close();
    }

    private static String measurement() {
        return "m" + UUID.randomUUID().toString().replace("-", "");
    }

    private List<Reading> stored(String series) {
        return server.bucketry.useCases().read().read(new SeriesId(series), null, null, 1000);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aLineKeepsItsMeasurementAndTagsAndALineWithoutTagsHasNone() throws Exception {
        // given
        String m = measurement();
        long s = Instant.now().getEpochSecond() - 60;

        // when
        server.post("/api/v2/write?org=acme&bucket=metrics&precision=s",
                utf8(m + ",host=a,region=eu v=1 " + s + "\n" + m + " v=2 " + s));

        // then
        Reading tagged = stored(m + ".a.eu").get(0);
        assertThat(tagged.meta().measurement()).isEqualTo(m);
        assertThat(tagged.meta().tags().values()).isEqualTo(java.util.Map.of("host", "a", "region", "eu"));
        assertThat(stored(m).get(0).meta().tags().isEmpty()).isTrue();
    }

    @Test
    void aGoodV2WriteAnswers204AndStoresEveryLine() throws Exception {
        String m = measurement();
        long s = Instant.now().getEpochSecond() - 60;
        LineServer.Answer answer = server.post("/api/v2/write?org=acme&bucket=metrics&precision=s",
                utf8(m + ",host=a temperature=21.5,status=\"OK\" " + s + "\n" + m + ",host=a temperature=22 " + (s + 1)));

        assertThat(answer.status()).isEqualTo(204);
        assertThat(answer.header("X-Bucketry-Accepted")).isEqualTo("2");
        List<Reading> readings = stored(m + ".a");
        assertThat(readings).extracting(Reading::time).containsExactly(Instant.ofEpochSecond(s), Instant.ofEpochSecond(s + 1));
        assertThat(readings.get(0).fields().get("status")).isEqualTo(new FieldValue.Text("OK"));
        assertThat(readings.get(1).fields().number("temperature")).isEqualTo(22.0);
    }

    @Test
    void aLineWithoutATimestampIsStoredAtTheInstantOfTheConfiguredClock() throws Exception {
        // given: a server whose clock stands months before the system clock
        Instant configured = Instant.parse("2026-01-15T08:30:00.123Z");
        try (LineServer fixed = new LineServer(Clock.fixed(configured, ZoneOffset.UTC))) {
            String m = measurement();

            // when
            LineServer.Answer answer = fixed.post("/api/v2/write?org=acme&bucket=metrics", utf8(m + " temperature=21.5"));

            // then
            assertThat(answer.status()).isEqualTo(204);
            assertThat(fixed.bucketry.useCases().read().read(new SeriesId(m), null, null, 10))
                    .extracting(Reading::time).containsExactly(configured);
        }
    }

    @Test
    void aPartialWriteAnswers400NamingTheBadLinesAndStoresTheGoodOnes() throws Exception {
        String m = measurement();
        long ms = Instant.now().toEpochMilli() - 1000;
        String body = m + " v=1 " + ms + "\n"
                + m + " v=oops " + ms + "\n"
                + "# comment\n"
                + m + " v=2 " + (ms + 1) + "\n"
                + m + " v=3 " + ms + "\n"
                + m + " t=4 " + (ms + 2) + "\n";
        LineServer.Answer answer = server.post("/write?db=telegraf&precision=ms", utf8(body));

        assertThat(answer.status()).isEqualTo(400);
        JsonNode json = answer.json();
        assertThat(json.get("error").asText()).isEqualTo("PARTIAL_WRITE");
        assertThat(json.get("accepted").asInt()).isEqualTo(2);
        assertThat(json.get("duplicates").asInt()).isEqualTo(1);
        assertThat(json.get("rejected")).hasSize(2);
        assertThat(json.get("rejected").get(0).get("line").asInt()).isEqualTo(2);
        assertThat(json.get("rejected").get(0).get("reason").asText()).isEqualTo("INVALID_FIELD_VALUE");
        assertThat(json.get("rejected").get(1).get("line").asInt()).isEqualTo(6);
        assertThat(json.get("rejected").get(1).get("reason").asText()).isEqualTo("INVALID_FIELD_NAME");
        assertThat(json.get("message").asText()).startsWith("partial write: 2 lines refused, 2 stored, 1 duplicate; line 2: ");
        assertThat(stored(m)).extracting(r -> r.fields().number("v")).containsExactly(1.0, 2.0);
    }

    @Test
    void twoTagSetsMappedToOneIdInABodyAreRefused() throws Exception {
        String m = measurement();
        LineServer.Answer answer = server.post("/api/v2/write", utf8(m + ",host=a\\ b v=1\n" + m + ",host=a_b v=2\n"));

        assertThat(answer.status()).isEqualTo(400);
        JsonNode rejected = answer.json().get("rejected").get(0);
        assertThat(rejected.get("line").asInt()).isEqualTo(2);
        assertThat(rejected.get("reason").asText()).isEqualTo("INVALID_SERIES");
        assertThat(rejected.get("message").asText()).contains("'" + m + ".a_b'", "(line 1)");
        assertThat(stored(m + ".a_b")).extracting(r -> r.fields().number("v")).containsExactly(1.0);
    }

    @Test
    void linesWithoutTimestampGetTheServerClock() throws Exception {
        String m = measurement();
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        LineServer.Answer answer = server.post("/write", utf8(m + " v=1"));
        Instant after = Instant.now();

        assertThat(answer.status()).isEqualTo(204);
        assertThat(stored(m)).singleElement().satisfies(r -> assertThat(r.time()).isBetween(before, after));
    }

    @Test
    void aGzipBodyIsInflated() throws Exception {
        String m = measurement();
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(utf8(m + " v=1\n"));
        }
        LineServer.Answer answer = server.post("/api/v2/write", zipped.toByteArray(), "Content-Encoding", "gzip");

        assertThat(answer.status()).isEqualTo(204);
        assertThat(stored(m)).hasSize(1);
    }

    @Test
    void aBodyThatIsNotGzipAsDeclaredIsA400() throws Exception {
        LineServer.Answer answer = server.post("/api/v2/write", utf8("m v=1"), "Content-Encoding", "gzip");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().get("error").asText()).isEqualTo("MALFORMED_GZIP");
    }

    @Test
    void aGzipBodyInflatingPastTheLimitIsA413AndStoresNothing() throws Exception {
        String m = measurement();
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            for (int i = 0; i < LineServer.MAX_BATCH; i++) {
                gzip.write(utf8(m + " v=" + i + " " + i + "\n# " + "x".repeat(LineServer.MAX_BODY / 40) + "\n"));
            }
        }
        assertThat(zipped.size()).isLessThan(LineServer.MAX_BODY);
        LineServer.Answer answer = server.post("/api/v2/write", zipped.toByteArray(), "Content-Encoding", "gzip");

        assertThat(answer.status()).isEqualTo(413);
        assertThat(answer.json().get("error").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(stored(m)).isEmpty();
    }

    @Test
    void aBodyOverTheLimitIsA413() throws Exception {
        LineServer.Answer answer = server.post("/write", utf8("# " + "x".repeat(LineServer.MAX_BODY)));

        assertThat(answer.status()).isEqualTo(413);
        assertThat(answer.json().get("error").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
    }

    @Test
    void moreLinesThanTheBatchLimitAreRefusedWholeAsTheJsonIngestDoes() throws Exception {
        String m = measurement();
        StringBuilder body = new StringBuilder();
        for (int i = 0; i <= LineServer.MAX_BATCH; i++) {
            body.append(m).append(" v=1 ").append(i).append('\n');
        }
        LineServer.Answer answer = server.post("/write?precision=s", utf8(body.toString()));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().get("error").asText()).isEqualTo("BATCH_TOO_LARGE");
        assertThat(stored(m)).isEmpty();
    }

    @Test
    void anUnknownPrecisionIsA400NamingTheAllowedOnes() throws Exception {
        LineServer.Answer v2 = server.post("/api/v2/write?precision=h", utf8("m v=1"));
        LineServer.Answer v1 = server.post("/write?precision=d", utf8("m v=1"));

        assertThat(v2.status()).isEqualTo(400);
        assertThat(v2.json().get("message").asText()).isEqualTo("precision 'h' is not one of ns, us, ms or s");
        assertThat(v1.json().get("error").asText()).isEqualTo("INVALID_PRECISION");
    }

    @Test
    void pingAnswers204WithAnInfluxVersionOnGetAndHead() throws Exception {
        LineServer.Answer get = server.send(HttpRequest.newBuilder(URI.create(server.base + "/ping")).GET());
        LineServer.Answer head = server.send(HttpRequest.newBuilder(URI.create(server.base + "/ping"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));

        assertThat(get.status()).isEqualTo(204);
        assertThat(head.status()).isEqualTo(204);
        assertThat(get.header("X-Influxdb-Version")).isEqualTo(LineProtocolRoutes.INFLUX_VERSION);
        assertThat(head.header("X-Influxdb-Version")).isEqualTo(LineProtocolRoutes.INFLUX_VERSION);
    }

    @Test
    void anUnsupportedEncodingIsA415() throws IOException, InterruptedException {
        LineServer.Answer answer = server.post("/write", utf8("m v=1"), "Content-Encoding", "br");

        assertThat(answer.status()).isEqualTo(415);
        assertThat(answer.json().get("error").asText()).isEqualTo("UNSUPPORTED_ENCODING");
    }
}
