package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.RollupTiersContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/**
 * The rollup contract over the in-memory store and its own rollup store, whose pending windows the store
 * marks as it stores readings (nothing is durable: a restart keeps the object).
 */
class InMemoryRollupTiersContractTest extends RollupTiersContract {

    @Override
    protected ReadingStore openStore(RetentionPolicy retention) {
        return new InMemoryReadingStore(BucketPolicy.defaults());
    }

    @Override
    protected StoreRollups openRollups(ReadingStore store) {
        return ((InMemoryReadingStore) store).rollups();
    }

    @Override
    protected StoreRollups reopenRollups(ReadingStore store, StoreRollups rollups) {
        return rollups;
    }
}
