package io.bucketry.bootstrap;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the README's embedding example exactly as printed there (between the markers). */
class EmbeddingExampleTest {

    static void readmeExample() {
        // README example begins
        BucketryConfig config = BucketryConfig.builder()
                .bucketWidth(Duration.ofHours(1))
                .retention(Duration.ofDays(90))
                .build();
        try (Bucketry bucketry = Bucketry.start(config)) {
            Instant now = Instant.now();
            IngestReport report = bucketry.ingest().ingest(List.of(
                    ReadingInput.of("sensor-1", now.minusSeconds(60), Map.of("temperature", 22.4, "status", "OK")),
                    ReadingInput.of("sensor-1", now, Map.of("temperature", 22.6, "status", "OK"))));
            List<Reading> lastHour = bucketry.read().read(SeriesId.of("sensor-1"), now.minus(Duration.ofHours(1)), null, 1000);
            List<WindowAggregate> fiveMinutes = bucketry.aggregate().aggregate(SeriesId.of("sensor-1"),
                    now.minus(Duration.ofMinutes(10)), null, Duration.ofMinutes(5));
            System.out.println(report.accepted() + " stored, " + lastHour.size() + " read back, "
                    + fiveMinutes.size() + " five-minute windows");
        }
        // README example ends
    }

    @Test
    void theReadmeExampleStoresReadsAndAggregates() {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            readmeExample();
        } finally {
            System.setOut(original);
        }

        assertThat(captured.toString(StandardCharsets.UTF_8)).matches("2 stored, 2 read back, [12] five-minute windows\\R");
    }
}
