package io.bucketry.application.service;

import io.bucketry.application.contract.RollupTiersContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.application.testing.ListRollupStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/**
 * The rollup contract over the list test doubles, in this package rather than {@code testing} so that
 * mutation testing (which skips the contract suite here for its cost) runs these seven against the tier rules.
 */
class RollupTiersOverListStoresTest extends RollupTiersContract {

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
