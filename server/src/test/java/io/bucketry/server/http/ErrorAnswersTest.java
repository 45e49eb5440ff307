package io.bucketry.server.http;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.http.Api.Answer;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** A use case that fails with an Error (out of memory, stack overflow) still gets a JSON 500, never an empty body. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ErrorAnswersTest {

    private ApiServer server;
    private Api api;

    @BeforeAll
    void startOverUseCasesThatThrowErrors() {
        BucketryConfig config = BucketryConfig.builder().build();
        UseCases real = UseCases.over(new InMemoryReadingStore(BucketPolicy.defaults()), config.applicationSettings(),
                Clock.systemUTC());
        UseCases failing = new UseCases(inputs -> {
            throw new OutOfMemoryError("Java heap space (simulated)");
        }, real.read(), series -> {
            throw new StackOverflowError();
        }, real.page(), real.aggregate(), real.aggregateAll(), () -> {
            throw new AssertionError("secret internals");
        }, real.delete(), real.reclaim(), real.health(), real.series(), real.groups(),
                real.latestByTags());
        server = ApiServer.start(failing, "inmemory", config, LocalServer.config());
        api = new Api(server.port());
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private static void assertInternal(Answer answer) {
        assertThat(answer.status()).isEqualTo(500);
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(answer.error()).isEqualTo("INTERNAL");
        assertThat(answer.json().get("message").asText()).isNotBlank();
        assertThat(answer.json().toString()).doesNotContain("secret").doesNotContain("Error");
    }

    @Test
    void anOutOfMemoryErrorDuringIngestIsAJson500() {
        assertInternal(api.post("/v1/readings", "[{\"series\":\"s\",\"time\":" + System.currentTimeMillis()
                + ",\"fields\":{\"v\":1}}]"));
    }

    @Test
    void aStackOverflowIsAJson500() {
        assertInternal(api.get("/v1/series/s/latest"));
    }

    @Test
    void anyOtherErrorIsAJson500WithoutItsDetails() {
        assertInternal(api.get("/v1/stats"));
    }

    @Test
    void theServerStillAnswersAfterAnError() {
        api.get("/v1/stats");

        assertThat(api.get("/health").status()).isEqualTo(200);
    }
}
