package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.ReadingStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SealPolicy;

/**
 * The whole ReadingStore contract against the in-memory store with sealing forced immediate: every
 * window is sealed once it has ended by the suite's clock, after every batch, so the late-reading
 * and duplicate cases (all in the day before the clock) meet sealed buckets.
 */
class InMemorySealedStoreContractTest extends ReadingStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return new SealingAfterEveryBatch(new InMemoryReadingStore(policy, SealPolicy.immediate(), clock()));
    }
}
