package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.common.lane.LaneProcess;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

/** A mongo-timeseries process of the multi-process lane (the fallback collection on the embedded server). */
public final class MongoTimeSeriesLaneProcess extends LaneProcess {

    public MongoTimeSeriesLaneProcess(String uri, String database, String collection) {
        super(uri, database, collection);
    }

    @Override
    protected ReadingStore open(String uri, String database, String collection, RetentionPolicy retention) {
        return MongoTimeSeriesReadingStore.open(new MongoTimeSeriesSettings(uri, database, collection, true),
                BucketPolicy.defaults(), retention);
    }

    @Override
    protected StoreRollups rollups(ReadingStore store) {
        return ((MongoTimeSeriesReadingStore) store).rollups();
    }
}
