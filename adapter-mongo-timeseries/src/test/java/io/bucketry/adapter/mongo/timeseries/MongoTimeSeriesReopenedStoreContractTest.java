package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.application.contract.ReopenedStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/** The reopened-store contract in the lane chosen by {@link MongoTestLane} (the fallback in the embedded lane). */
class MongoTimeSeriesReopenedStoreContractTest extends ReopenedStoreContract {

    @Override
    protected String freshPlace() {
        return MongoTestLane.freshCollection("reopen");
    }

    @Override
    protected ReadingStore open(String place, BucketPolicy policy, RetentionPolicy retention) {
        return MongoTimeSeriesReadingStore.open(MongoTestLane.get().freshSettings("reopen").withCollection(place), policy,
                retention);
    }
}
