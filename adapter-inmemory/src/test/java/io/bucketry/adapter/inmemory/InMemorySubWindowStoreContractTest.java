package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.SubWindowStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;

/** The whole ReadingStore contract against the in-memory store with 5-minute sub-window summaries on. */
class InMemorySubWindowStoreContractTest extends SubWindowStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return new InMemoryReadingStore(policy);
    }
}
