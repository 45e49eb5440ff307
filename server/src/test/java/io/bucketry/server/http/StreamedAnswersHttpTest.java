package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The array answers of the read routes, written element by element: the same JSON, gzip when accepted. */
class StreamedAnswersHttpTest extends ApiTestBase {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"/readings", "/pages/1?size=7", "/aggregates?window=1m", "/aggregates?window=1h"})
    void aRouteAnswersTheSameArrayPlainAndGzipped(String route) throws Exception {
        String series = newSeries();
        storeMinutes(series, 25);
        String path = "/v1/series/" + series + route;

        HttpResponse<byte[]> plain = getBytes(path);
        HttpResponse<byte[]> gzip = getBytes(path, "Accept-Encoding", "deflate, gzip;q=0.5");
        HttpResponse<byte[]> refused = getBytes(path, "Accept-Encoding", "gzip;q=0");

        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(refused.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(gzip.headers().firstValue("Content-Encoding")).hasValue("gzip");
        JsonNode expected = api.get(path).json();
        assertThat(expected.isArray()).isTrue();
        assertThat(expected.size()).isPositive();
        assertThat(JSON.readTree(plain.body())).isEqualTo(expected);
        assertThat(JSON.readTree(refused.body())).isEqualTo(expected);
        assertThat(JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes())).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/readings", "/aggregates?window=1m"})
    void anEmptyAnswerIsAnEmptyArray(String route) throws Exception {
        HttpResponse<byte[]> answer = getBytes("/v1/series/" + newSeries() + route, "Accept-Encoding", "gzip");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(answer.body())).readAllBytes()).toString())
                .isEqualTo("[]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/aggregates?window=1m", "/v1/aggregates?window=1h"})
    void theAllSeriesAggregatesAreStreamedToo(String path) throws Exception {
        storeMinutes(newSeries(), 3);

        HttpResponse<byte[]> gzip = getBytes(path, "Accept-Encoding", "gzip");

        assertThat(gzip.headers().firstValue("Content-Encoding")).hasValue("gzip");
        JsonNode answered = JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes());
        assertThat(answered).isEqualTo(api.get(path).json());
        assertThat(answered.size()).isPositive();
    }
}
