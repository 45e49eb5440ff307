package io.bucketry.app.cli;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesReadingStore;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesSettings;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.app.cli.Cli.Run;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bucketry.app.cli.Cli.assertOneLineError;

/**
 * Issue 10 §1 as a user meets it: a collection stored with one-hour buckets, then {@code serve}
 * with {@code --bucket-width 30m --grace 90m} on it, is refused with one line naming the setting.
 */
@Timeout(60)   // serve blocks when it starts: a start that should be refused but is not must not hang the build
class LayoutRefusalCliTest {

    private MongoServer server;
    private String uri;

    @BeforeEach
    void startServer() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        uri = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort();
    }

    @AfterEach
    void stopServer() {
        server.shutdownNow();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mongo-bucket", "mongo-timeseries"})
    void serveOnACollectionStoredWithAnotherWidthIsRefusedNamingTheWidthAndBothValues(String backend) {
        // given: a reading of series w, an hour old, stored with the defaults (one-hour buckets) in the default collection
        Reading reading = Reading.of("w", Instant.now().minusSeconds(3600), Map.of("value", 1.0));
        try (ReadingStore store = backend.equals("mongo-bucket")
                ? MongoBucketReadingStore.open(MongoBucketSettings.of(uri), BucketPolicy.defaults(), RetentionPolicy.defaults())
                : MongoTimeSeriesReadingStore.open(MongoTimeSeriesSettings.of(uri).withFallback(true), BucketPolicy.defaults(),
                        RetentionPolicy.defaults())) {
            store.store(List.of(reading));
        }

        // when
        Run run = Cli.run("serve", "--backend", backend, "--mongo-uri", uri, "--timeseries-fallback",
                "--bucket-width", "30m", "--grace", "90m", "--port", "0");

        // then
        assertOneLineError(run, 1, "bucketry serve: " + backend + " collection bucketry.",
                "bucket width (bucketWidth): stored 1h, configured 30m", "--mongo-collection");
    }
}
