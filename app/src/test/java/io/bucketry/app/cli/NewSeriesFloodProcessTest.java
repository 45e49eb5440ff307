package io.bucketry.app.cli;

import io.bucketry.server.http.Api;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36: batches of 50,000 readings of 50,000 new series each, on a 256 MiB heap, end in
 * {@code 507 STORE_FULL} by JSON as by line protocol, and the server stays healthy: {@code /health}
 * UP, a small write answered, no OutOfMemoryError, SIGTERM handled.
 */
class NewSeriesFloodProcessTest {

    private static final int BATCH = 50_000;
    /** 800,000 new series: far past what 128 MiB (half the heap, the default limit) holds. */
    private static final int MAX_BATCHES = 16;
    private static final List<String> SMALL_HEAP = List.of("-Xmx256m");
    private static final long TIME = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60).toEpochMilli();

    @Test
    @Timeout(120)
    void aJsonFloodOfNewSeriesEndsInStoreFullAndTheServerStaysHealthy(@TempDir Path dir) throws Exception {
        floodEndsInStoreFull(dir, "/v1/readings", NewSeriesFloodProcessTest::jsonBatch);
    }

    @Test
    @Timeout(120)
    void aLineProtocolFloodOfNewSeriesEndsInStoreFullAndTheServerStaysHealthy(@TempDir Path dir) throws Exception {
        floodEndsInStoreFull(dir, "/write?db=flood&precision=ms", NewSeriesFloodProcessTest::lineBatch);
    }

    private static void floodEndsInStoreFull(Path dir, String path, IntFunction<String> batch) throws Exception {
        // given a server on a 256 MiB heap
        try (ServeProcess serve = ServeProcess.start(dir, SMALL_HEAP)) {
            Api api = new Api(serve.port());

            // when batches of new series come until one is refused
            Answer refused = null;
            int stored = 0;
            for (int b = 0; b < MAX_BATCHES && refused == null; b++) {
                Answer answer = api.post(path, batch.apply(b));
                if (answer.status() / 100 == 2) {
                    stored++;
                } else {
                    refused = answer;
                }
            }

            // then the refusal is a clean 507 STORE_FULL, and the server is healthy
            assertThat(refused).as("%d batches of %d new series were all taken", stored, BATCH).isNotNull();
            assertThat(refused.status()).as("%s after %d batches; stderr:%n%s", refused.json(), stored, serve.stderr())
                    .isEqualTo(507);
            assertThat(refused.error()).isEqualTo("STORE_FULL");
            Answer health = healthWithin(api, Duration.ofSeconds(20));
            assertThat(health.status()).as("%s", health.json()).isEqualTo(200);
            assertThat(health.json().path("status").asText()).isEqualTo("UP");
            Answer small = api.post("/v1/readings", "[{\"series\":\"flood-small\",\"time\":" + TIME
                    + ",\"fields\":{\"v\":1}}]");
            assertThat(small.status()).as("%s", small.json()).isIn(200, 507);
            assertThat(serve.isAlive()).isTrue();
            assertThat(serve.stderr()).doesNotContain("OutOfMemoryError");
            System.out.printf("%s: %d batches of %d new series stored, then %d %s%n", path, stored, BATCH,
                    refused.status(), refused.json().path("message").asText());
            assertThat(serve.stop()).as("SIGTERM handled").isTrue();
        }
    }

    /**
     * /health, asked until UP or {@code limit}: the refused batches' parsed readings are garbage in the old
     * generation until its next collection, which a loaded machine may run a few seconds later.
     */
    private static Answer healthWithin(Api api, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        Answer health = api.get("/health");
        while (health.status() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(250);
            health = api.get("/health");
        }
        return health;
    }

    private static String jsonBatch(int batch) {
        StringBuilder body = new StringBuilder(BATCH * 64).append('[');
        for (int i = 0; i < BATCH; i++) {
            body.append(i == 0 ? "" : ",").append("{\"series\":\"flood-").append(batch).append('-').append(i)
                    .append("\",\"time\":").append(TIME).append(",\"fields\":{\"v\":").append(i).append("}}");
        }
        return body.append(']').toString();
    }

    private static String lineBatch(int batch) {
        StringBuilder body = new StringBuilder(BATCH * 40);
        for (int i = 0; i < BATCH; i++) {
            body.append("flood,sensor=").append(batch).append('-').append(i).append(" v=").append(i).append(' ')
                    .append(TIME).append('\n');
        }
        return body.toString();
    }
}
