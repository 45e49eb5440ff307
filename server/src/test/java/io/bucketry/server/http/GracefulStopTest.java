package io.bucketry.server.http;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Stopping the server (what SIGTERM does) lets requests in flight finish and answer, for up to the drain timeout. */
class GracefulStopTest {

    private final CountDownLatch entered = new CountDownLatch(1);

    /** Use cases whose ingest and storage statistics take {@code millis} once entered. */
    private UseCases slow(BucketryConfig config, long millis) {
        UseCases real = UseCases.over(new InMemoryReadingStore(BucketPolicy.defaults()), config.applicationSettings(),
                Clock.systemUTC());
        IngestReadingsUseCase ingest = inputs -> {
            entered.countDown();
            sleep(millis);
            return real.ingest().ingest(inputs);
        };
        return new UseCases(ingest, real.read(), real.latest(), real.page(), real.aggregate(), real.aggregateAll(), () -> {
            entered.countDown();
            sleep(millis);
            return real.describe().describe();
        }, real.delete(), real.reclaim(), real.health(), real.series(),
                real.groups(), real.latestByTags());
    }

    private static String post(String body) {
        return "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length() + "\r\n\r\n" + body;
    }

    @Test
    void aSlowIngestInFlightFinishesAndGetsItsAnswerWhenTheServerStops() throws Exception {
        BucketryConfig config = BucketryConfig.defaults();
        ApiServer server = ApiServer.start(slow(config, 1_500), "inmemory", config,
                LocalServer.builder().drainTimeout(Duration.ofSeconds(20)).build());
        try (RawHttp idle = new RawHttp(server.port()); RawHttp inFlight = new RawHttp(server.port())) {
            // given: a kept-alive connection with nothing in flight, and an ingest in flight
            assertThat(idle.exchange("GET /health HTTP/1.1\r\nHost: x\r\n\r\n").status()).isEqualTo(200);
            inFlight.send(post("[{\"series\":\"s\",\"time\":" + System.currentTimeMillis() + ",\"fields\":{\"v\":1}}]"));
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

            // when
            long start = System.nanoTime();
            CompletableFuture<Void> stopped = CompletableFuture.runAsync(server::close);
            RawHttp.Response answer = inFlight.read();
            stopped.get(30, TimeUnit.SECONDS);
            long stopMillis = (System.nanoTime() - start) / 1_000_000;

            // then: the ingest answered in full, and the stop did not wait the whole drain timeout for the idle connection
            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            assertThat(answer.body()).contains("\"accepted\":1");
            assertThat(stopMillis).as("stop took %d ms", stopMillis).isLessThan(10_000);
        }
    }

    @Test
    void aRequestInFlightFinishesWhenTheServerStops() throws Exception {
        BucketryConfig config = BucketryConfig.builder().build();
        ApiServer server = ApiServer.start(slow(config, 1_000), "inmemory", config, LocalServer.config());
        try (RawHttp inFlight = new RawHttp(server.port())) {
            inFlight.send("GET /v1/stats HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            server.close();

            RawHttp.Response response = inFlight.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body()).contains("\"backend\":\"inmemory\"");
        }
    }

    @Test
    void theStopWaitsNoLongerThanTheDrainTimeout() throws Exception {
        BucketryConfig config = BucketryConfig.defaults();
        ApiServer server = ApiServer.start(slow(config, 8_000), "inmemory", config,
                LocalServer.builder().drainTimeout(Duration.ofMillis(500)).build());
        try (RawHttp inFlight = new RawHttp(server.port())) {
            inFlight.send("GET /v1/stats HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

            long start = System.nanoTime();
            server.close();
            long stopMillis = (System.nanoTime() - start) / 1_000_000;

            assertThat(stopMillis).as("stop took %d ms", stopMillis).isBetween(400L, 4_000L);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
