package io.bucketry.server.http;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients that send headers and a few bytes of body, then stall or trickle, over real loopback
 * sockets: they are cut at the body read timeout, hold no ingest slot meanwhile (a slot is counted
 * from a complete body), and a normal request still answers at once.
 */
class SlowUploadTest {

    private static final String SLOW_HEAD = "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: 1000\r\n\r\n[{\"se";

    private static void withServer(Consumer<ServerConfig.Builder> limits, Consumer<ApiServer> test) {
        ServerConfig.Builder builder = LocalServer.builder();
        limits.accept(builder);
        try (Bucketry bucketry = Bucketry.start(BucketryConfig.defaults()); ApiServer server = ApiServer.start(bucketry, builder.build())) {
            test.accept(server);
        }
    }

    private static String normalBody() {
        return "[{\"series\":\"normal\",\"time\":" + System.currentTimeMillis() + ",\"fields\":{\"v\":1}}]";
    }

    private static RawHttp.Response normalPost(ApiServer server) {
        try (RawHttp http = new RawHttp(server.port())) {
            String body = normalBody();
            return http.exchange("POST /v1/readings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Test
    void threeHundredStalledUploadsDoNotDelayANormalRequest() {
        withServer(b -> b.bodyReadTimeout(Duration.ofSeconds(2)), server -> {
            List<RawHttp> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 300; i++) {
                    slow.add(new RawHttp(server.port()).send(SLOW_HEAD));
                }

                long start = System.nanoTime();
                RawHttp.Response post = normalPost(server);
                long postMillis = millisSince(start);
                start = System.nanoTime();
                RawHttp.Response health;
                try (RawHttp http = new RawHttp(server.port())) {
                    health = http.exchange("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
                }
                long healthMillis = millisSince(start);

                assertThat(post.status()).as(post.body()).isIn(200, 503);
                assertThat(postMillis).as("normal POST answered after %d ms", postMillis).isLessThan(3_000);
                assertThat(health.status()).isEqualTo(200);
                assertThat(healthMillis).as("GET /health answered after %d ms", healthMillis).isLessThan(3_000);
            } finally {
                slow.forEach(RawHttp::close);
            }
        });
    }

    @Test
    void stalledUploadsHoldNoIngestSlotAndAreAllCutAtTheBodyReadTimeout() {
        withServer(b -> b.bodyReadTimeout(Duration.ofSeconds(1)).maxConcurrentIngests(4), server -> {
            List<RawHttp> slow = new ArrayList<>();
            try {
                // given: three times more stalled uploads than ingest slots
                long start = System.nanoTime();
                for (int i = 0; i < 12; i++) {
                    slow.add(new RawHttp(server.port()).send(SLOW_HEAD));
                }

                // when: a normal POST meanwhile, then the stalled ones' answers
                RawHttp.Response during = normalPost(server);
                List<RawHttp.Response> answers = slow.stream().map(RawHttp::read).toList();
                long millis = millisSince(start);

                // then: a slot is counted only once a body is complete, so the normal POST was stored and
                // every stalled upload was cut at the timeout (none was told BUSY)
                assertThat(during.status()).as(during.body()).isEqualTo(200);
                assertThat(answers).hasSize(12).allSatisfy(a -> {
                    assertThat(a.status()).isEqualTo(408);
                    assertThat(a.body()).contains("\"error\":\"BODY_READ_TIMEOUT\"");
                });
                assertThat(millis).as("all answered after %d ms", millis).isBetween(900L, 4_000L);
            } finally {
                slow.forEach(RawHttp::close);
            }
            RawHttp.Response after = normalPost(server);
            assertThat(after.status()).as(after.body()).isEqualTo(200);
            assertThat(after.body()).contains("\"accepted\":1");
        });
    }

    @Test
    void uploadsBeyondTheBodyBufferBudgetAreBusyInsteadOfHeldInMemory() {
        // a budget of 4 bodies of the largest size (4 x 64 KiB): 8 stalled uploads of 60 KiB do not fit
        int max = 64 * 1024;
        withServer(b -> b.bodyReadTimeout(Duration.ofSeconds(1)).maxBodySize(max), server -> {
            List<RawHttp> slow = new ArrayList<>();
            try {
                // given
                String head = "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Content-Length: " + max + "\r\n\r\n[" + " ".repeat(60 * 1024);
                for (int i = 0; i < 8; i++) {
                    slow.add(new RawHttp(server.port()).send(head));
                }

                // when
                List<RawHttp.Response> answers = slow.stream().map(RawHttp::read).toList();

                // then: those that fit wait for the rest of their body until the timeout, the others are told BUSY
                assertThat(answers).allSatisfy(a -> assertThat(a.status()).isIn(408, 503));
                assertThat(answers).filteredOn(a -> a.status() == 408).hasSizeBetween(1, 4);
                assertThat(answers).filteredOn(a -> a.status() == 503).isNotEmpty().allSatisfy(a -> {
                    assertThat(a.body()).contains("\"error\":\"BUSY\"").contains("bytes this server holds at once");
                    assertThat(a.header("Retry-After")).isEqualTo("1");
                });
            } finally {
                slow.forEach(RawHttp::close);
            }
        });
    }

    @Test
    void anUploadTricklingOneByteAtATimeIsCutAtTheBodyReadTimeout() {
        withServer(b -> b.bodyReadTimeout(Duration.ofSeconds(1)), server -> {
            try (RawHttp trickle = new RawHttp(server.port())) {
                long start = System.nanoTime();
                trickle.send(SLOW_HEAD);
                // one byte every 100 ms keeps Jetty's idle timeout from ever firing; 60 bytes take 6 s
                for (int i = 0; i < 60 && millisSince(start) < 6_000 && !trickle.answered(); i++) {
                    try {
                        trickle.send(" ");
                        Thread.sleep(100);
                    } catch (RuntimeException e) {
                        break;   // the server closed the connection
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                RawHttp.Response answer = trickle.read();
                long millis = millisSince(start);

                assertThat(answer.status()).as(answer.body()).isEqualTo(408);
                assertThat(answer.header("Content-Type")).startsWith("application/json");
                assertThat(answer.body()).contains("\"error\":\"BODY_READ_TIMEOUT\"");
                assertThat(millis).as("answered after %d ms", millis).isBetween(900L, 4_000L);
            }
        });
    }
}
