package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.common.lane.MultiProcessLane;

/** The multi-process lane on mongo-timeseries: three processes, one collection, one stored copy per reading. */
class MultiProcessLaneTest extends MultiProcessLane {

    @Override
    protected String processClass() {
        return MongoTimeSeriesLaneProcess.class.getName();
    }

    /** The documents stored for {@code series}: one per reading, so copies show. */
    @Override
    protected long storedCopies(String uri, String series) {
        try (MongoClient client = MongoClients.create(uri)) {
            // a collection made with tags keeps the series at meta.series, one made before them at series
            return client.getDatabase(DATABASE).getCollection(collection).countDocuments(Filters.or(
                    Filters.eq(MetaField.SERIES.series, series), Filters.eq(MetaField.META.series, series)));
        }
    }
}
