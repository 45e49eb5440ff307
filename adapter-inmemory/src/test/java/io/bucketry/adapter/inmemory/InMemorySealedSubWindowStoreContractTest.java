package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.SubWindowStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SealPolicy;

/**
 * The whole ReadingStore contract with 5-minute sub-windows on and sealing after every batch: late
 * readings and duplicates meet sealed buckets, which are reopened and sealed anew with their summaries.
 */
class InMemorySealedSubWindowStoreContractTest extends SubWindowStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return new SealingAfterEveryBatch(new InMemoryReadingStore(policy, SealPolicy.immediate(), clock()));
    }
}
