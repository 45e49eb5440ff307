package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.ReadingStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

import java.time.Duration;

/**
 * The ReadingStore contract against this run's MongoDB lane in the sealed layout, sealing forced
 * immediate: after every stored batch each window that has ended by the test clock is sealed, so
 * late readings and duplicates meet sealed documents and their deltas.
 */
class MongoBucketSealedContractTest extends ReadingStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, Duration.ZERO),
                policy, RetentionPolicy.defaults(), clock(), true);
    }
}
