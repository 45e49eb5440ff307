package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/** A failing store shows in {@code /metrics} as store errors of the operation that failed, by kind, and NaN gauges. */
class StoreErrorMetricsHttpTest {

    private static Scrape afterTwoReads(Supplier<RuntimeException> failure, int status) throws InterruptedException {
        FailingStore store = new FailingStore(failure);
        BucketryConfig config = BucketryConfig.builder().build();
        try (ApiServer server = ApiServer.start(UseCases.over(store, config.applicationSettings(), Clock.systemUTC()),
                store.backend(), config, LocalServer.config())) {
            Api api = new Api(server.port());
            assertThat(api.get("/v1/series/s/readings").status()).isEqualTo(status);
            assertThat(api.get("/v1/series/t/readings").status()).isEqualTo(status);
            return Scrape.until(server.port(),
                    s -> MetricsHttpTest.requests(s, "GET", "/v1/series/{id}/readings", status) >= 2);
        }
    }

    @Test
    void anUnreachableStoreCountsUnavailableErrorsOfTheOperation() throws InterruptedException {
        Scrape scrape = afterTwoReads(() -> new StoreUnavailableException("mongodb at db:27017 did not answer"), 503);

        assertThat(scrape.value("bucketry_store_errors_total", Map.of("operation", "read", "error", "unavailable")))
                .isEqualTo(2);
        assertThat(scrape.value("bucketry_store_operations_seconds_count",
                Map.of("operation", "read", "outcome", "unavailable"))).isEqualTo(2);
        assertThat(scrape.named("bucketry_store_operations_seconds_count", Map.of("operation", "read", "outcome", "ok")))
                .isEmpty();
        assertThat(MetricsHttpTest.requests(scrape, "GET", "/v1/series/{id}/readings", 503)).isEqualTo(2);
        assertThat(scrape.value("bucketry_stored_readings", Map.of())).isNaN();
    }

    @Test
    void anUnexpectedFailureCountsAsAnInternalError() throws InterruptedException {
        Scrape scrape = afterTwoReads(() -> new IllegalStateException("a bug"), 500);

        assertThat(scrape.value("bucketry_store_errors_total", Map.of("operation", "read", "error", "internal")))
                .isEqualTo(2);
        assertThat(scrape.named("bucketry_store_errors_total", Map.of("error", "unavailable"))).isEmpty();
    }
}
