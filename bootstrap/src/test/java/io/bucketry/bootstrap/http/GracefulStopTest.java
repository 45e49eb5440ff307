package io.bucketry.bootstrap.http;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.bootstrap.BucketryConfig;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Stopping the server (what SIGTERM does) lets a request in flight finish before it returns. */
class GracefulStopTest {

    @Test
    void aRequestInFlightFinishesWhenTheServerStops() throws Exception {
        BucketryConfig config = BucketryConfig.builder().port(0).build();
        UseCases real = UseCases.over(new InMemoryReadingStore(BucketPolicy.defaults()), config.applicationSettings(),
                Clock.systemUTC());
        CountDownLatch entered = new CountDownLatch(1);
        UseCases slow = new UseCases(real.ingest(), real.read(), real.latest(), real.page(), real.aggregate(),
                real.aggregateAll(), () -> {
                    entered.countDown();
                    sleep(1000);
                    return real.describe().describe();
                }, real.delete(), real.reclaim(), real.health(), real.series());
        ApiServer server = ApiServer.start(slow, "inmemory", config);

        CompletableFuture<HttpResponse<String>> inFlight = HttpClient.newHttpClient().sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/v1/stats")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        server.close();

        HttpResponse<String> response = inFlight.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"backend\":\"inmemory\"");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
