package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.contract.ReopenedStoreContract;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/** The reopened-store contract against this run's MongoDB lane: a place is a collection. */
class MongoBucketReopenedStoreContractTest extends ReopenedStoreContract {

    @Override
    protected String freshPlace() {
        return MongoLane.freshSettings().collection();
    }

    @Override
    protected ReadingStore open(String place, BucketPolicy policy, RetentionPolicy retention) {
        return MongoBucketReadingStore.open(MongoLane.freshSettings().withCollection(place), policy, retention);
    }
}
