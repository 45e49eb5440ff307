package io.bucketry.application.testing;

import io.bucketry.application.contract.RollupTiersContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/** The rollup contract over the list test doubles, so that the application's tier rules are tested (and mutated) here. */
class ListRollupTiersContractTest extends RollupTiersContract {

    @Override
    protected ReadingStore openStore(RetentionPolicy retention) {
        return new ListReadingStore(BucketPolicy.defaults());
    }

    @Override
    protected StoreRollups openRollups(ReadingStore store) {
        return new ListRollupStore();
    }

    @Override
    protected StoreRollups reopenRollups(ReadingStore store, StoreRollups rollups) {
        return rollups;
    }
}
