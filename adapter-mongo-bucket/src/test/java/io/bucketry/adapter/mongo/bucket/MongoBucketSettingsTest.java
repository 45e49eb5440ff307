package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.Capability;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

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
    void storeDeclaresItsBackendAndCapabilities() {
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            assertThat(store.backend()).isEqualTo("mongo-bucket");
            assertThat(store.capabilities()).containsExactlyInAnyOrder(Capability.POLICY_BUCKETS,
                    Capability.PAGED_BUCKETS, Capability.BUCKET_BYTES, Capability.DURABLE, Capability.SUB_WINDOW_SUMMARIES, Capability.TAGS);
            assertThat(store.writeMetrics().batches()).isZero();
        }
    }
}
