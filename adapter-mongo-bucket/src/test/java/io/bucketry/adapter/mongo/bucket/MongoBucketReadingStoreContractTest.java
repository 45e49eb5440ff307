package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.ReadingStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;

/** The ReadingStore contract against this run's MongoDB lane, each store in a fresh collection. */
class MongoBucketReadingStoreContractTest extends ReadingStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return TestData.store(policy);
    }
}
