package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A store that fails before an export begins answers JSON 503; one that fails during it cuts the transfer. */
class ExportStoreFailureHttpTest {

    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");

    @Test
    void aStoreDownBeforeTheFirstByteIsTheUsualJson503() {
        FailingStore store = new FailingStore(() -> new StoreUnavailableException("mongodb at db:27017 did not answer"));
        BucketryConfig config = BucketryConfig.builder().build();
        try (ApiServer server = ApiServer.start(UseCases.over(store, config.applicationSettings(), Clock.systemUTC()),
                store.backend(), config, LocalServer.config())) {
            Api api = new Api(server.port());

            for (String path : List.of("/v1/series/s/export", "/v1/export?format=csv")) {
                Api.Answer answer = api.get(path);
                assertThat(answer.status()).as(path).isEqualTo(503);
                assertThat(answer.error()).as(path).isEqualTo("STORE_UNAVAILABLE");
            }
        }
    }

    @Test
    void aStoreThatFailsOnceTheExportHasBegunCutsTheConnectionRatherThanEndingTheFile() throws Exception {
        // given: 25,000 readings (three chunks), and a read use case that fails from its third call (probe, chunk 1, chunk 2)
        BucketryConfig config = BucketryConfig.builder().maxBatchSize(100_000).build();
        UseCases real = UseCases.over(new InMemoryReadingStore(BucketPolicy.defaults()), config.applicationSettings(),
                Clock.fixed(NOW, ZoneOffset.UTC));
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < 25_000; i++) {
            inputs.add(ReadingInput.of("cut", NOW.minusSeconds(30_000 - i), Map.of("v", (double) i)));
        }
        assertThat(real.ingest().ingest(inputs).accepted()).isEqualTo(25_000);
        AtomicInteger calls = new AtomicInteger();
        ReadReadingsUseCase failing = (series, from, to, limit) -> {
            if (calls.incrementAndGet() >= 3) {
                throw new StoreUnavailableException("mongodb at db:27017 did not answer");
            }
            return real.read().read(series, from, to, limit);
        };
        UseCases useCases = new UseCases(real.ingest(), failing, real.latest(), real.page(), real.aggregate(),
                real.aggregateAll(), real.describe(), real.delete(), real.reclaim(), real.health(), real.series(),
                real.groups(), real.latestByTags());

        try (ApiServer server = ApiServer.start(useCases, "inmemory", config, LocalServer.config())) {
            HttpResponse<InputStream> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/v1/series/cut/export")).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            long[] lines = {0};

            // then: the answer began (200, the first chunk's lines) and its body ends in an error, not in a short file
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThatThrownBy(() -> {
                try (InputStream in = answer.body()) {
                    byte[] buffer = new byte[1 << 16];
                    int n;
                    while ((n = in.read(buffer)) > 0) {
                        for (int i = 0; i < n; i++) {
                            lines[0] += buffer[i] == '\n' ? 1 : 0;
                        }
                    }
                }
            }).isInstanceOf(IOException.class);
            assertThat(lines[0]).isLessThan(25_000);
        }
    }
}
