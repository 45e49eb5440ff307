package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.ReopenedStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/**
 * The reopened-store contract on the in-memory store, which has no place to reopen: every store is
 * new and empty, so only the case for stores without DURABLE runs; the others skip with that reason.
 */
class InMemoryReopenedStoreContractTest extends ReopenedStoreContract {

    @Override
    protected String freshPlace() {
        return "memory";
    }

    @Override
    protected ReadingStore open(String place, BucketPolicy policy, RetentionPolicy retention) {
        return new InMemoryReadingStore(policy);
    }
}
