package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** A store that cannot be reached answers 503; an unexpected failure answers 500 without its details. */
class StoreFailureHttpTest {

    private static Answer getFrom(FailingStore store, String path) {
        BucketryConfig config = BucketryConfig.builder().build();
        try (ApiServer server = ApiServer.start(UseCases.over(store, config.applicationSettings(), Clock.systemUTC()),
                store.backend(), config, LocalServer.config())) {
            return new Api(server.port()).get(path);
        }
    }

    @Test
    void anUnreachableStoreIs503() {
        FailingStore store = new FailingStore(() -> new StoreUnavailableException("mongodb at db:27017 did not answer"));

        Answer answer = getFrom(store, "/v1/series/s/readings");

        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.error()).isEqualTo("STORE_UNAVAILABLE");
        assertThat(answer.json().get("message").asText()).isEqualTo("mongodb at db:27017 did not answer");
    }

    @Test
    void anUnexpectedFailureIs500WithoutItsDetails() {
        FailingStore store = new FailingStore(() -> new IllegalStateException("secret internals"));

        Answer answer = getFrom(store, "/v1/stats");

        assertThat(answer.status()).isEqualTo(500);
        assertThat(answer.error()).isEqualTo("INTERNAL");
        assertThat(answer.json().toString()).doesNotContain("secret internals");
    }

    @Test
    void anIllegalArgumentFromTheServerIs500NotABadRequest() {
        // given: a bug deep in the server, not bad input (bad input is refused with a typed exception)
        FailingStore store = new FailingStore(() -> new IllegalArgumentException("secret internals"));

        // when
        Answer answer = getFrom(store, "/v1/series/s/readings");

        // then
        assertThat(answer.status()).isEqualTo(500);
        assertThat(answer.error()).isEqualTo("INTERNAL");
        assertThat(answer.json().toString()).doesNotContain("secret internals");
    }
}
