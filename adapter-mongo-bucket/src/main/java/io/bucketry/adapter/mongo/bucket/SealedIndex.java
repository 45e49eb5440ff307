package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import org.bson.BsonDocument;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * The sealed layout's third index: {unsealed, start} over row documents only (partial on
 * {@code unsealed: true}), so that a sweep reads the rows of sealable windows, not the whole
 * collection. Sealed documents ({@code unsealed: false}) have no entry in it.
 */
final class SealedIndex {

    static final String NAME = "unsealed_1_start_1";

    private SealedIndex() {
    }

    static IndexOptions options() {
        // Partial indexes take an equality in partialFilterExpression (https://www.mongodb.com/docs/manual/core/index-partial/).
        return new IndexOptions().name(NAME).partialFilterExpression(Filters.eq(UNSEALED, true));
    }

    static void ensure(MongoCollection<BsonDocument> buckets) {
        PartialIndex.ensure(buckets, Indexes.ascending(UNSEALED, START), options(),
                "{unsealed, start} that is not the sealed layout's");
    }
}
