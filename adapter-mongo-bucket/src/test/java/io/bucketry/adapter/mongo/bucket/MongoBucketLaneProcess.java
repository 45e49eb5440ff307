package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.common.lane.LaneProcess;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

import java.time.Duration;

/**
 * A mongo-bucket process of the multi-process lane (loaded in a class loader of its own): the row layout,
 * or with a collection name ending in {@code _sealed} the sealed layout sealing a window as soon as it
 * has ended, so that every reclaim of every process seals while others write late readings.
 */
public final class MongoBucketLaneProcess extends LaneProcess {

    public MongoBucketLaneProcess(String uri, String database, String collection) {
        super(uri, database, collection);
    }

    @Override
    protected ReadingStore open(String uri, String database, String collection, RetentionPolicy retention) {
        MongoBucketSettings settings = collection.endsWith("_sealed")
                ? new MongoBucketSettings(uri, database, collection, null, DocumentLayout.SEALED, Duration.ZERO)
                : new MongoBucketSettings(uri, database, collection);
        return MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), retention);
    }

    @Override
    protected StoreRollups rollups(ReadingStore store) {
        return ((MongoBucketReadingStore) store).rollups();
    }
}
