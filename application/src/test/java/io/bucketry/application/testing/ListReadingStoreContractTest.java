package io.bucketry.application.testing;

import io.bucketry.application.contract.ReadingStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;

/** Runs the contract suite against the list test double, as an adapter would. */
class ListReadingStoreContractTest extends ReadingStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return new ListReadingStore(policy);
    }
}
