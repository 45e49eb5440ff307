package io.bucketry.server.http;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReadingsUseCase;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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
        // given: one ingest slot, held by a complete request whose ingest waits; a stalled upload beside it
        // (a slot is counted from a complete body, so a stalled upload alone holds none)
        String stalled = "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\n\r\n[{\"se";
        String body = oneReading("s", 1);
        String complete = "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length() + "\r\n\r\n" + body;
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        BucketryConfig config = BucketryConfig.defaults();
        UseCases real = UseCases.over(new InMemoryReadingStore(BucketPolicy.defaults()), config.applicationSettings(),
                Clock.systemUTC());
        IngestReadingsUseCase waiting = inputs -> {
            entered.countDown();
            await(release);
            return real.ingest().ingest(inputs);
        };
        UseCases useCases = new UseCases(waiting, real.read(), real.latest(), real.page(), real.aggregate(),
                real.aggregateAll(), real.describe(), real.delete(), real.reclaim(), real.health(), real.series(),
                real.groups(), real.latestByTags());
        ServerConfig limits = LocalServer.builder().bodyReadTimeout(Duration.ofSeconds(1)).maxConcurrentIngests(1).build();
        try (ApiServer server = ApiServer.start(useCases, "inmemory", config, limits);
             RawHttp holder = new RawHttp(server.port()); RawHttp first = new RawHttp(server.port());
             RawHttp second = new RawHttp(server.port())) {
            holder.send(complete);
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            first.send(stalled);

            // when: one more complete request asks for a slot
            RawHttp.Response busy = second.exchange(complete);
            RawHttp.Response timedOut = first.read();
            release.countDown();

            // then
            spec.assertAnswerFits("/v1/readings", "post", 408, timedOut.status(), OpenApiSpec.JSON.readTree(timedOut.body()));
            spec.assertAnswerFits("/v1/readings", "post", 503, busy.status(), OpenApiSpec.JSON.readTree(busy.body()));
            assertThat(busy.header("Retry-After")).isEqualTo("1");
            assertThat(holder.read().status()).isEqualTo(200);
        } finally {
            release.countDown();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
