package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.common.lane.MultiProcessLane;
import org.bson.Document;


/** The multi-process lane on mongo-bucket (row layout): three processes, one collection. */
class MultiProcessLaneTest extends MultiProcessLane {

    @Override
    protected String processClass() {
        return MongoBucketLaneProcess.class.getName();
    }

    /** The rows stored for {@code series}, summed over its buckets' counts. */
    @Override
    protected long storedCopies(String uri, String series) {
        try (MongoClient client = MongoClients.create(uri)) {
            long rows = 0;
            for (Document bucket : client.getDatabase(DATABASE).getCollection(collection).find(Filters.eq(BucketFields.SERIES, series))) {
                rows += ((Number) bucket.get(BucketFields.COUNT)).longValue();
            }
            return rows;
        }
    }
}
