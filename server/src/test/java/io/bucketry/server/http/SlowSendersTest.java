package io.bucketry.server.http;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36's slow senders over loopback: 40 sockets, reopened every 4 s, each sending a body byte every
 * 0.5 s, never finish their bodies; with the default limits (32 ingest slots, bodyReadTimeout 5 s) they
 * hold threads, but no ingest slot, so well-behaved POSTs meanwhile are not answered 503 BUSY.
 */
class SlowSendersTest {

    private static final int SENDERS = 40;
    private static final long RUN_MILLIS = 6_000;
    private static final String SLOW_HEAD = "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: 1000\r\n\r\n[";

    @Test
    void fortySlowSendersDoNotMakeNormalPostsBusy() throws Exception {
        ServerConfig config = LocalServer.config();
        try (Bucketry bucketry = Bucketry.start(BucketryConfig.defaults()); ApiServer server = ApiServer.start(bucketry, config)) {
            // given: 40 slow senders, started before any normal POST
            AtomicBoolean running = new AtomicBoolean(true);
            Thread senders = new Thread(() -> trickle(server.port(), running), "slow-senders");
            senders.start();
            Thread.sleep(500);

            // when: normal POSTs one after another while the senders run
            List<Integer> statuses = new ArrayList<>();
            long start = System.nanoTime();
            try {
                while ((System.nanoTime() - start) / 1_000_000 < RUN_MILLIS - 1_000) {
                    statuses.add(normalPost(server.port(), statuses.size()).status());
                    Thread.sleep(50);
                }
            } finally {
                running.set(false);
                senders.join(10_000);
            }

            // then: every one of them was stored
            System.out.printf("SlowSendersTest: %d normal POSTs while %d slow senders ran: %d answered 200, %d 503%n",
                    statuses.size(), SENDERS, statuses.stream().filter(s -> s == 200).count(),
                    statuses.stream().filter(s -> s == 503).count());
            assertThat(statuses).hasSizeGreaterThan(20).containsOnly(200);
        }
    }

    private static RawHttp.Response normalPost(int port, int i) {
        String body = "[{\"series\":\"normal\",\"time\":" + (System.currentTimeMillis() - 60_000 + i) + ",\"fields\":{\"v\":1}}]";
        try (RawHttp http = new RawHttp(port)) {
            return http.exchange("POST /v1/readings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
        }
    }

    /** Until {@code running} ends (at most RUN_MILLIS): 40 sockets sending a byte each every 500 ms, all reopened every 4 s. */
    private static void trickle(int port, AtomicBoolean running) {
        long start = System.nanoTime();
        List<RawHttp> open = new ArrayList<>();
        try {
            long opened = 0;
            while (running.get() && (System.nanoTime() - start) / 1_000_000 < RUN_MILLIS) {
                long now = (System.nanoTime() - start) / 1_000_000;
                if (open.isEmpty() || now - opened >= 4_000) {
                    open.forEach(RawHttp::close);
                    open.clear();
                    for (int i = 0; i < SENDERS; i++) {
                        open.add(new RawHttp(port).send(SLOW_HEAD));
                    }
                    opened = now;
                }
                for (RawHttp socket : open) {
                    try {
                        socket.send(" ");
                    } catch (RuntimeException cut) {
                        // answered and closed by the server: the next round reopens it
                    }
                }
                Thread.sleep(500);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.forEach(RawHttp::close);
        }
    }
}
