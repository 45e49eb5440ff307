package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.RollupTiersContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/** The rollup contract over the in-memory store and a rollup store on its own, which records pending windows before each batch. */
class InMemoryStandaloneRollupTiersContractTest extends RollupTiersContract {

    @Override
    protected ReadingStore openStore(RetentionPolicy retention) {
        return new InMemoryReadingStore(BucketPolicy.defaults());
    }

    @Override
    protected StoreRollups openRollups(ReadingStore store) {
        return new InMemoryRollupStore();
    }

    @Override
    protected StoreRollups reopenRollups(ReadingStore store, StoreRollups rollups) {
        return rollups;
    }
}
