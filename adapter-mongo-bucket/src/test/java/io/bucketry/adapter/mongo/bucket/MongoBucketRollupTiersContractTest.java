package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.RollupTiersContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/**
 * The rollup contract on this adapter in this run's {@link MongoLane}: tiers in the store's own
 * rollup collections; a restart opens them again on a new object (nothing kept in memory).
 */
class MongoBucketRollupTiersContractTest extends RollupTiersContract {

    @Override
    protected ReadingStore openStore(RetentionPolicy retention) {
        return MongoBucketReadingStore.open(MongoLane.freshSettings(), BucketPolicy.defaults(), retention);
    }

    @Override
    protected StoreRollups openRollups(ReadingStore store) {
        return ((MongoBucketReadingStore) store).rollups();
    }
}
