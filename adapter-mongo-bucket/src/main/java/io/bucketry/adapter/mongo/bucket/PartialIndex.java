package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

/** Creates a layout's own partial index, idempotently; one of the same name or keys but another definition stops the start. */
final class PartialIndex {

    private static final int INDEX_OPTIONS_CONFLICT = 85;
    private static final int INDEX_KEY_SPECS_CONFLICT = 86;

    private PartialIndex() {
    }

    /**
     * @param keys    the index keys
     * @param options its name and partial filter
     * @param shape   the keys as a person reads them ({@code {unsealed, start}}), and whose index it is
     */
    static void ensure(MongoCollection<BsonDocument> buckets, Bson keys, IndexOptions options, String shape) {
        try {
            buckets.createIndex(keys, options);
        } catch (MongoCommandException e) {
            if (e.getErrorCode() == INDEX_OPTIONS_CONFLICT || e.getErrorCode() == INDEX_KEY_SPECS_CONFLICT) {
                throw new IllegalStateException("mongo-bucket: collection '" + buckets.getNamespace().getCollectionName()
                        + "' has an index named " + options.getName() + " or on " + shape + ": " + e.getErrorMessage()
                        + ". Fix: drop that index and restart", e);
            }
            throw e;
        }
    }
}
