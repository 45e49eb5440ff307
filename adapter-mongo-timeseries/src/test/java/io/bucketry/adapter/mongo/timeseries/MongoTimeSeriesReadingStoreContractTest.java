package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.application.contract.ReadingStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/**
 * The ReadingStore contract on this adapter, in the lane chosen by {@link MongoTestLane} (the
 * fallback in the embedded lane), each store on a collection of its own.
 */
class MongoTimeSeriesReadingStoreContractTest extends ReadingStoreContract {

    @Override
    protected ReadingStore createStore(BucketPolicy policy) {
        return MongoTimeSeriesReadingStore.open(MongoTestLane.get().freshSettings("contract"), policy,
                RetentionPolicy.defaults());
    }
}
