package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.SubWindowStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;

/**
 * The ReadingStore contract against this run's MongoDB lane with 5-minute sub-window summaries on
 * every windowed policy they fit ({@link SubWindowStoreContract}), so that every aggregate over
 * windows of 5 minutes, an hour, 90 minutes or a day is served from them and still equals the
 * brute force; the sub-window theme's own cases run too.
 */
class MongoBucketSubWindowContractTest extends SubWindowStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return TestData.store(policy);
    }
}
