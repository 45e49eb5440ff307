package io.bucketry.server.http;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Bodies under {@code Content-Encoding: gzip} on both ingest routes: whole gzip is inflated, any other is 400 MALFORMED_GZIP. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GzipBodyHttpTest {

    private final LineServer server = new LineServer();

    @AfterAll
    void stop() {
        server.close();
    }

    /** A body of one reading of a fresh series for {@code route}, and that series. */
    private record Body(String series, byte[] plain) {
        static Body of(String route) {
            String series = "gz" + UUID.randomUUID().toString().replace("-", "");
            String text = route.equals("/v1/readings")
                    ? "[{\"series\":\"" + series + "\",\"time\":" + System.currentTimeMillis() + ",\"fields\":{\"v\":1}}]"
                    : series + " v=1\n";
            return new Body(series, text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(zipped)) {
            out.write(plain);
        }
        return zipped.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private LineServer.Answer postGzip(String route, byte[] body) throws IOException, InterruptedException {
        return server.post(route, body, "Content-Encoding", "gzip", "Content-Type", "application/json");
    }

    private List<Reading> stored(String series) {
        return server.bucketry.useCases().read().read(new SeriesId(series), null, null, 10);
    }

    private void assertMalformedGzip(LineServer.Answer answer, String series, String saying) throws IOException {
        assertThat(answer.status()).as(answer.response().body()).isEqualTo(400);
        assertThat(answer.json().get("error").asText()).isEqualTo("MALFORMED_GZIP");
        assertThat(answer.json().get("message").asText()).contains(saying);
        assertThat(stored(series)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/readings", "/api/v2/write"})
    void aWholeGzipBodyAndTwoConcatenatedMembersAreInflatedAndStored(String route) throws Exception {
        // given
        Body one = Body.of(route);
        Body two = Body.of(route);
        byte[] members = route.equals("/v1/readings") ? gzip(two.plain())
                : concat(gzip(Arrays.copyOf(two.plain(), 4)), gzip(Arrays.copyOfRange(two.plain(), 4, two.plain().length)));

        // when
        LineServer.Answer whole = postGzip(route, gzip(one.plain()));
        LineServer.Answer concatenated = postGzip(route, members);

        // then
        assertThat(whole.status()).as(whole.response().body()).isIn(200, 204);
        assertThat(concatenated.status()).as(concatenated.response().body()).isIn(200, 204);
        assertThat(stored(one.series())).hasSize(1);
        assertThat(stored(two.series())).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/readings", "/api/v2/write"})
    void aTruncatedGzipBodyIsMalformedGzipNotAnInternalError(String route) throws Exception {
        // given: a gzip body cut 10 bytes before its end (inside its trailer)
        Body body = Body.of(route);
        byte[] zipped = gzip(body.plain());

        // when
        LineServer.Answer answer = postGzip(route, Arrays.copyOf(zipped, zipped.length - 10));

        // then
        assertMalformedGzip(answer, body.series(), "cut off");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/readings", "/api/v2/write"})
    void bytesAfterTheEndOfTheGzipStreamAreMalformedGzip(String route) throws Exception {
        // given: a whole gzip body followed by bytes that are no gzip member
        Body body = Body.of(route);

        // when
        LineServer.Answer answer = postGzip(route, concat(gzip(body.plain()), "garbage".getBytes(StandardCharsets.US_ASCII)));

        // then
        assertMalformedGzip(answer, body.series(), "bytes follow the end of the gzip stream");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/readings", "/api/v2/write"})
    void aPlainBodyMarkedGzipIsMalformedGzip(String route) throws Exception {
        // given
        Body body = Body.of(route);

        // when
        LineServer.Answer answer = postGzip(route, body.plain());

        // then
        assertMalformedGzip(answer, body.series(), "magic bytes 1f 8b");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/readings", "/api/v2/write"})
    void aGzipBodyInflatingPastTheBodyLimitIsA413(String route) throws Exception {
        // given: a small gzip body that inflates to four times the body limit
        Body body = Body.of(route);
        String padding = " ".repeat(4 * LineServer.MAX_BODY);
        byte[] plain = route.equals("/v1/readings")
                ? ("[" + padding + new String(body.plain(), StandardCharsets.UTF_8).substring(1)).getBytes(StandardCharsets.UTF_8)
                : ("#" + padding + "\n" + new String(body.plain(), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        byte[] zipped = gzip(plain);
        assertThat(zipped.length).isLessThan(LineServer.MAX_BODY);

        // when
        LineServer.Answer answer = postGzip(route, zipped);

        // then
        assertThat(answer.status()).as(answer.response().body()).isEqualTo(413);
        assertThat(answer.json().get("error").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(stored(body.series())).isEmpty();
    }
}
