package io.bucketry.embedding;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the README's two embedding examples exactly as printed there (code between the markers, and their imports). */
class ReadmeEmbeddingTest {

    static void withBootstrap() {
        // README example 1 begins
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
        // README example 1 ends
    }

    static void withoutBootstrap() throws Exception {
        // README example 2 begins
        ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor();
        try (ReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults())) {
            UseCases use = UseCases.over(store, ApplicationSettings.defaults(), Clock.systemUTC());
            // what Bucketry.start does for you: free the storage of buckets past retention + grace
            sweeper.scheduleWithFixedDelay(() -> use.reclaim().reclaim(), 1, 1, TimeUnit.MINUTES);

            IngestReport report = use.ingest().ingest(List.of(
                    ReadingInput.of("sensor-1", Instant.now(), Map.of("temperature", 22.4))));
            Optional<Reading> latest = use.latest().latest(SeriesId.of("sensor-1"));
            System.out.println(report.accepted() + " stored, latest " + latest.orElseThrow().fields());
        } finally {
            sweeper.shutdownNow();
        }
        // README example 2 ends
    }

    @Test
    void theExampleWithBootstrapStoresReadsAndAggregates() {
        assertThat(printed(ReadmeEmbeddingTest::withBootstrap)).matches("2 stored, 2 read back, [12] five-minute windows\\R");
    }

    @Test
    void theExampleWithoutBootstrapStoresAndReadsTheLatestReading() {
        assertThat(printed(ReadmeEmbeddingTest::withoutBootstrap)).matches("1 stored, latest \\{temperature=22\\.4}\\R");
    }

    @Test
    void theReadmeShowsTheseExamplesWithImportsThatCompileHere() throws IOException {
        // given
        String source = Files.readString(Path.of("src/test/java/io/bucketry/embedding/ReadmeEmbeddingTest.java"));
        List<ReadmeSnippets.Snippet> snippets = ReadmeSnippets.javaBlocksOf(
                Files.readString(Path.of(System.getProperty("embedding.readme"))), "## Embedding");

        // then
        assertThat(snippets).hasSize(2);
        for (int n = 1; n <= 2; n++) {
            ReadmeSnippets.Snippet snippet = snippets.get(n - 1);
            assertThat(snippet.code()).as("README example %d", n).isEqualTo(ReadmeSnippets.between(source,
                    "// README example " + n + " begins", "// README example " + n + " ends"));
            assertThat(snippet.imports()).as("imports of README example %d", n).isNotEmpty()
                    .allSatisfy(line -> assertThat(source).contains("\n" + line + "\n"));
        }
    }

    private interface Example {
        void run() throws Exception;
    }

    private static String printed(Example example) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            example.run();
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
