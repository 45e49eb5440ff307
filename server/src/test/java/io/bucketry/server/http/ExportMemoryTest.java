package io.bucketry.server.http;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;

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
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An export of 1 M readings (or {@code -Dbucketry.exportMemory.readings=N}) over HTTP streams: the
 * client reads the answer incrementally into a small buffer while {@link HeapProbe} watches the
 * server's heap (same JVM), and the heap retained during the export stays far below what holding
 * the export would take. Prints the figures; asserts no timing.
 */
class ExportMemoryTest {

    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");
    private static final int SERIES = 100;
    /** A materialised export of 1 M readings holds ~110 MB of JSON text, or more as objects: far above this. */
    private static final long RETAINED_LIMIT = 64L << 20;

    @Test
    void anExportOfAMillionReadingsKeepsTheRetainedHeapBounded() throws Exception {
        int readings = Integer.getInteger("bucketry.exportMemory.readings", 1_000_000);
        BucketryConfig config = BucketryConfig.builder().maxBatchSize(100_000)
                .memoryLimitPercent(90).build();
        try (Bucketry bucketry = Bucketry.start(config, Clock.fixed(NOW, ZoneOffset.UTC));
             ApiServer server = ApiServer.start(bucketry, LocalServer.config())) {
            fill(bucketry, readings);
            long lines = 0;
            long bytes = 0;
            HeapProbe probe = new HeapProbe(250);
            try (probe) {
                HttpResponse<InputStream> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/v1/export")).build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                byte[] buffer = new byte[1 << 16];
                try (InputStream in = answer.body()) {
                    int n;
                    while ((n = in.read(buffer)) > 0) {
                        bytes += n;
                        for (int i = 0; i < n; i++) {
                            lines += buffer[i] == '\n' ? 1 : 0;
                        }
                    }
                }
            }
            System.out.printf(Locale.ROOT, "export of %,d readings (%,d bytes of NDJSON): heap retained before %,d MB; "
                            + "during the export peak heap used +%,d MB (garbage included), peak retained after a full GC "
                            + "+%,d MB%n", readings, bytes, probe.baseline() >> 20, probe.peakUsedAbove() >> 20,
                    probe.peakRetainedAbove() >> 20);
            assertThat(lines).isEqualTo(readings);
            assertThat(probe.peakRetainedAbove()).as("heap retained during the export, bytes above the baseline")
                    .isLessThan(Math.min(RETAINED_LIMIT, bytes / 2));
        }
    }

    /** {@code readings} readings over {@link #SERIES} series, one a second each, ending before NOW. */
    private static void fill(Bucketry bucketry, int readings) {
        int perSeries = readings / SERIES;
        Instant start = NOW.minusSeconds(perSeries + 60L);
        List<ReadingInput> batch = new ArrayList<>();
        for (int s = 0; s < SERIES; s++) {
            for (int i = 0; i < perSeries; i++) {
                batch.add(ReadingInput.of("mem-" + s, start.plusSeconds(i),
                        Map.of("temperature", 20 + (i % 100) * 0.1, "status", i % 10 == 0 ? "WARN" : "OK")));
                if (batch.size() == 100_000) {
                    flush(bucketry, batch);
                }
            }
        }
        flush(bucketry, batch);
    }

    private static void flush(Bucketry bucketry, List<ReadingInput> batch) {
        IngestReport report = bucketry.ingest().ingest(batch);
        assertThat(report.rejected()).isEmpty();
        batch.clear();
    }
}
