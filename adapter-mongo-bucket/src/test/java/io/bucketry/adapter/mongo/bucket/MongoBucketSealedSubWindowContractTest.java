package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.SubWindowStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

import java.time.Duration;

/**
 * The ReadingStore contract in the sealed layout, sealing forced immediate, with 5-minute
 * sub-window summaries where they fit ({@link SubWindowStoreContract}):
 * aggregates read the summaries that sealing carried into sealed documents and their deltas.
 */
class MongoBucketSealedSubWindowContractTest extends SubWindowStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, Duration.ZERO),
                policy, RetentionPolicy.defaults(), clock(), true);
    }
}
