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

    private MongoTimeSeriesReadingStore last;

    @Override
    protected ReadingStore openStore(RetentionPolicy retention) {
        last = MongoTimeSeriesReadingStore.open(MongoTestLane.get().freshSettings("rollups"), BucketPolicy.defaults(), retention);
        return last;
    }

    @Override
    protected StoreRollups openRollups() {
        return last.rollups();
    }

    @Override
    protected StoreRollups reopenRollups(StoreRollups rollups) {
        return last.rollups();
    }
}
