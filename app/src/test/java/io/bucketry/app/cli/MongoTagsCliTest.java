package io.bucketry.app.cli;

import io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesReadingStore;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesSettings;
import io.bucketry.app.cli.Cli.Run;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bucketry.app.cli.Cli.assertOneLineError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code mongoTags} from the command line and YAML on both Mongo backends (the embedded lane's server on a port):
 * a new collection records what it asks, and asking tags of a collection made without them is refused at start
 * with one line that names {@code migrate} and the option in the command's own words.
 */
@Timeout(60)   // serve blocks when it starts: a start that should be refused but is not must not hang the build
class MongoTagsCliTest {

    @RegisterExtension
    final MongoOnAPort mongo = new MongoOnAPort();

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"mongo-bucket", "mongo-timeseries"})
    void tagsAskedOfACollectionMadeWithoutThemAreRefusedAtStartNamingMigrate(String backend) throws IOException {
        // given: a collection made with tags off, holding a reading
        try (ReadingStore store = open(backend, false)) {
            store.store(List.of(Reading.of("w", Instant.now().minusSeconds(60), Map.of("value", 1.0))));
        }
        Path yaml = Files.writeString(dir.resolve("bucketry.yaml"), "backend: " + backend + "\nmongoUri: " + mongo.uri()
                + "\ntimeseriesFallback: true\nmongoTags: true\n");

        // when: serve asks for tags by flag, then by its file; migrate by its source's flag
        Run flag = Cli.run("serve", "--backend", backend, "--mongo-uri", mongo.uri(), "--timeseries-fallback",
                "--mongo-tags", "--port", "0");
        Run file = Cli.run("serve", "--config", yaml.toString(), "--port", "0");
        Run migrate = Cli.run("migrate", "--from-backend", backend, "--from-mongo-uri", mongo.uri(),
                "--from-timeseries-fallback", "--from-mongo-tags", "--to-backend", backend, "--to-mongo-uri", mongo.uri(),
                "--to-timeseries-fallback", "--to-mongo-collection", "tagged");

        // then: one line each, the setting with both values, the migrate that moves it, the command's own option
        for (Run run : List.of(flag, file)) {
            assertOneLineError(run, 1, "bucketry serve: " + backend + " collection bucketry.",
                    "tags (mongoTags): stored off, configured on", "bucketry migrate --from-config",
                    "leave --mongo-tags (env BUCKETRY_MONGO_TAGS) unset");
        }
        assertOneLineError(migrate, 1, "bucketry migrate: the source (" + backend + ") cannot be opened",
                "tags (mongoTags): stored off, configured on", "leave --from-mongo-tags unset");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mongo-bucket", "mongo-timeseries"})
    void aNewCollectionRecordsTheTagsTheSettingAsks(String backend) throws IOException {
        Path readings = Files.writeString(dir.resolve("readings.ndjson"), "{\"series\":\"w\",\"time\":\""
                + Instant.now().minusSeconds(60) + "\",\"fields\":{\"value\":1},\"tags\":{\"building\":\"7\"}}\n");

        // when: a reading imported into a new collection with tags off, and into another with tags on
        Run off = Cli.run("import", readings.toString(), "--backend", backend, "--mongo-uri", mongo.uri(),
                "--timeseries-fallback", "--mongo-collection", "plain", "--mongo-tags", "false");
        Run on = Cli.run("import", readings.toString(), "--backend", backend, "--mongo-uri", mongo.uri(),
                "--timeseries-fallback", "--mongo-collection", "tagged", "--mongo-tags");

        // then: each layout record says so: the other choice is refused on it
        assertThat(off.exitCode()).as(off.err()).isZero();
        assertThat(on.exitCode()).as(on.err()).isZero();
        assertThatThrownBy(() -> open(backend, "plain", true).close())
                .hasMessageContaining("tags (mongoTags): stored off, configured on");
        assertThatThrownBy(() -> open(backend, "tagged", false).close())
                .hasMessageContaining("tags (mongoTags): stored on, configured off");
    }

    @Test
    void tagsAskedOfPagedBucketsAreRefusedAsAConfigurationError() {
        Run run = Cli.run("serve", "--backend", "mongo-bucket", "--mongo-uri", mongo.uri(), "--bucket-policy", "paged",
                "--mongo-tags", "--port", "0");

        assertOneLineError(run, 2, "bucketry serve: invalid configuration: mongo-bucket keeps tags in windowed buckets"
                + " only", "leave the mongoTags setting unset");
    }

    private ReadingStore open(String backend, boolean tags) {
        return open(backend, null, tags);
    }

    private ReadingStore open(String backend, String collection, boolean tags) {
        return backend.equals("mongo-bucket")
                ? MongoBucketReadingStore.open(MongoBucketSettings.of(mongo.uri()).withCollection(collection).withTags(tags),
                        BucketPolicy.defaults(), RetentionPolicy.defaults())
                : MongoTimeSeriesReadingStore.open(MongoTimeSeriesSettings.of(mongo.uri()).withCollection(collection)
                        .withFallback(true).withTags(tags), BucketPolicy.defaults(), RetentionPolicy.defaults());
    }
}
