package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The store's health is the shared bounded ping on its own client (HealthPingTest in the Mongo common module covers a server that is gone). */
class HealthProbeTest {

    @Test
    void aStoreWhoseServerAnswersIsUp() {
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings(), BucketPolicy.defaults(),
                RetentionPolicy.defaults())) {
            assertThat(store.health()).isEqualTo(StoreHealth.healthy());
        }
    }
}
