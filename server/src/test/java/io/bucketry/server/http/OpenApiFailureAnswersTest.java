package io.bucketry.server.http;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Failure answers (503, 507, 500, 408, 503 BUSY) of real servers fit the schemas the OpenAPI document gives them. */
class OpenApiFailureAnswersTest {

    private final OpenApiSpec spec = OpenApiSpec.load();

    private static ApiServer serving(ReadingStore store) {
        BucketryConfig config = BucketryConfig.builder().build();
        return ApiServer.start(UseCases.over(store, config.applicationSettings(), Clock.systemUTC()), store.backend(), config, LocalServer.config());
    }

    private void assertFits(String route, String method, Api.Answer answer, int status) {
        spec.assertAnswerFits(route, method, status, answer.status(), answer.json());
    }

    private static String oneReading(String series, int value) {
        return "[{\"series\":\"" + series + "\",\"time\":\"" + Instant.now().minusSeconds(60 - value)
                + "\",\"fields\":{\"v\":" + value + "}}]";
    }

    @Test
    void anUnreachableStoreAnswersFitTheDocument() {
        try (ApiServer server = serving(new FailingStore(() -> new StoreUnavailableException("db:27017 did not answer")))) {
            Api api = new Api(server.port());

            assertFits("/v1/series/{id}/readings", "get", api.get("/v1/series/s/readings"), 503);
            assertFits("/v1/series", "get", api.get("/v1/series"), 503);
            assertFits("/v1/stats", "get", api.get("/v1/stats"), 503);
            assertFits("/v1/readings", "post", api.post("/v1/readings", oneReading("s", 1)), 503);
            assertFits("/health", "get", api.get("/health"), 503);
        }
    }

    @Test
    void anUnexpectedFailureAnswerFitsTheDocument() {
        try (ApiServer server = serving(new FailingStore(() -> new IllegalStateException("a bug")))) {
            assertFits("/v1/series/{id}/latest", "get", new Api(server.port()).get("/v1/series/s/latest"), 500);
        }
    }

    @Test
    void aFullStoreAnswerFitsTheDocument() {
        // room for 2 one-field readings (16 + 8 bytes each)
        try (ApiServer server = serving(new InMemoryReadingStore(BucketPolicy.defaults(), 2 * 24))) {
            Api api = new Api(server.port());
            api.post("/v1/readings", oneReading("s", 1));
            api.post("/v1/readings", oneReading("s", 2));

            assertFits("/v1/readings", "post", api.post("/v1/readings", oneReading("s", 3)), 507);
        }
    }

    @Test
    void aStalledUploadAndOneTooManyAnswerFitTheDocument() throws Exception {
        String stalled = "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\n\r\n[{\"se";
        ServerConfig limits = LocalServer.builder().bodyReadTimeout(Duration.ofSeconds(1)).maxConcurrentIngests(1).build();
        try (Bucketry bucketry = Bucketry.start(BucketryConfig.defaults()); ApiServer server = ApiServer.start(bucketry, limits);
             RawHttp first = new RawHttp(server.port()); RawHttp second = new RawHttp(server.port())) {
            first.send(stalled);
            Thread.sleep(200);   // the first holds the one ingest slot before the second asks
            second.send(stalled);

            List<RawHttp.Response> answers = List.of(first.read(), second.read());

            spec.assertAnswerFits("/v1/readings", "post", 408, answers.get(0).status(),
                    OpenApiSpec.JSON.readTree(answers.get(0).body()));
            spec.assertAnswerFits("/v1/readings", "post", 503, answers.get(1).status(),
                    OpenApiSpec.JSON.readTree(answers.get(1).body()));
            assertThat(answers.get(1).header("Retry-After")).isEqualTo("1");
        }
    }
}
