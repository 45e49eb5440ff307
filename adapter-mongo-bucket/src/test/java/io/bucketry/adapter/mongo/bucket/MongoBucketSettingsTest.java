package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoClientSettings;
import com.mongodb.event.CommandListener;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.application.port.out.Capability;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MongoBucketSettingsTest {

    @Test
    void missingDatabaseAndCollectionTakeTheDefaults() {
        MongoBucketSettings settings = new MongoBucketSettings("mongodb://localhost", null, " ");
        assertThat(settings.database()).isEqualTo("bucketry");
        assertThat(settings.collection()).isEqualTo("readings_buckets");
        assertThat(MongoBucketSettings.of("mongodb://h").withCollection("x").collection()).isEqualTo("x");
    }

    @Test
    void invalidValuesAreRefusedWithTheReason() {
        assertThatThrownBy(() -> new MongoBucketSettings("http://localhost", "db", "c"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mongodb://");
        assertThatThrownBy(() -> new MongoBucketSettings("mongodb://h", "a/b", "c"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("database name 'a/b'");
        assertThatThrownBy(() -> new MongoBucketSettings("mongodb://h", "db", "system.x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("collection name 'system.x'");
        assertThatThrownBy(() -> new MongoBucketSettings("mongodb://h", "db", "a$b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("collection name");
    }

    @Test
    void credentialsAreMaskedInMessagesAndTheHostIsKept() {
        assertThat(new MongoBucketSettings("mongodb://user:secret@host:27017/x", "db", "c").redactedUri())
                .isEqualTo("mongodb://***@host:27017/x");
        assertThat(new MongoBucketSettings("mongodb://alice:p@ss/w@rd@host/x", "db", "c").redactedUri())
                .isEqualTo("mongodb://***@host/x");
        assertThat(MongoBucketSettings.of("mongodb://host:27017").redactedUri()).isEqualTo("mongodb://host:27017");
        assertThat(MongoBucketSettings.of("mongodb://host/?appName=a@b&password=s3cret").redactedUri())
                .isEqualTo("mongodb://host/?appName=a@b&password=***");
    }

    @Test
    void noMessageNorTextShowsTheRawUri() {
        assertThatThrownBy(() -> new MongoBucketSettings("mongo://alice:s3cret@host", "db", "c"))
                .hasMessageContaining("'mongo://***@host'")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("alice").doesNotContain("s3cret"));
        assertThat(MongoBucketSettings.of("mongodb://alice:s3cret@host").toString())
                .contains("mongodb://***@host").doesNotContain("alice").doesNotContain("s3cret");
    }

    @Test
    void serverSelectionTimesOutAfterTenSecondsUnlessTheUriSaysOtherwise() {
        CommandListener listener = new CommandListener() { };

        MongoClientSettings defaulted = MongoConnections.clientSettings(MongoBucketSettings.of("mongodb://h"), "a", listener);
        MongoClientSettings given = MongoConnections.clientSettings(
                MongoBucketSettings.of("mongodb://h/?serverSelectionTimeoutMS=300"), "a", listener);

        assertThat(defaulted.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS)).isEqualTo(10_000);
        assertThat(given.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS)).isEqualTo(300);
    }

    @Test
    void storeDeclaresItsBackendAndCapabilities() {
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            assertThat(store.backend()).isEqualTo("mongo-bucket");
            assertThat(store.capabilities()).containsExactlyInAnyOrder(Capability.POLICY_BUCKETS,
                    Capability.PAGED_BUCKETS, Capability.BUCKET_BYTES, Capability.DURABLE, Capability.SUB_WINDOW_SUMMARIES);
            assertThat(store.writeMetrics().batches()).isZero();
        }
    }

    @Test
    void theLimitsNamedAreThoseTheClientIsBuiltWith() {
        assertThat(MongoConnections.failures(MongoBucketSettings.of("mongodb://db1")))
                .isEqualTo(new MongoFailures("db1", 10000L, "the key mongoTimeout", 10000, "mongo-bucket"));
        assertThat(MongoConnections.failures(MongoBucketSettings.of("mongodb://db1/?timeoutMS=500&serverSelectionTimeoutMS=200")))
                .isEqualTo(new MongoFailures("db1", 500L, "the connection string's timeoutMS", 200, "mongo-bucket"));
        assertThat(MongoConnections.failures(MongoBucketSettings.of("mongodb://db1/?socketTimeoutMS=700")))
                .isEqualTo(new MongoFailures("db1", null, null, 10000, "mongo-bucket"));
    }
}
