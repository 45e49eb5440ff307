package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** Grafana's "Save & test" fails, with the reason, when the store cannot be reached. */
class GrafanaStoreDownHttpTest {

    @Test
    void theConnectionTestIs503WithTheStoresReasonWhenTheStoreIsDown() {
        FailingStore store = new FailingStore(() -> new StoreUnavailableException("mongodb at db:27017 did not answer"));
        BucketryConfig config = BucketryConfig.builder().build();
        try (ApiServer server = ApiServer.start(UseCases.over(store, config.applicationSettings(), Clock.systemUTC()),
                store.backend(), config, LocalServer.config())) {
            Answer answer = new Api(server.port()).get("/grafana");

            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.error()).isEqualTo("STORE_UNAVAILABLE");
            assertThat(answer.json().get("message").asText()).isEqualTo("mongodb at db:27017 did not answer");
        }
    }
}
