package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.application.contract.RollupTiersContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/**
 * The rollup contract on this adapter in the lane chosen by {@link MongoTestLane} (the fallback in
 * the embedded lane): tiers in plain rollup collections beside the readings, never in the
 * time-series collection; a restart opens them again on a new object.
 */
class MongoTimeSeriesRollupTiersContractTest extends RollupTiersContract {

    @Override
    protected ReadingStore openStore(RetentionPolicy retention) {
        return MongoTimeSeriesReadingStore.open(MongoTestLane.get().freshSettings("rollups"), BucketPolicy.defaults(), retention);
    }

    @Override
    protected StoreRollups openRollups(ReadingStore store) {
        return ((MongoTimeSeriesReadingStore) store).rollups();
    }
}
