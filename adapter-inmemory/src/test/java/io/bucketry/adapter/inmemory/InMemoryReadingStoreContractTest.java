package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.ReadingStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;

/** The whole ReadingStore contract, run against the in-memory store. */
class InMemoryReadingStoreContractTest extends ReadingStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return new InMemoryReadingStore(policy);
    }
}
