package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import org.bson.BsonDocument;

import static io.bucketry.adapter.mongo.bucket.BucketFields.START;

/**
 * The index of a collection that keeps tags: {tags, start}, multikey on the {@code tags} pairs
 * ({@link BucketMeta}), partial on buckets that have tags. A filter's pair and the time range are one
 * index scan: bounds of a multikey field compound with those of a non-array field
 * (https://www.mongodb.com/docs/manual/core/multikey-index-bounds/, "Compound Bounds of Non-array Field and
 * Array Field"). Chosen over the alternatives: a {@code tags} subdocument needs an index per key, and keys
 * are the users'; a wildcard index on it cannot be compound before 7.0
 * (https://www.mongodb.com/docs/v5.0/reference/index-wildcard-restrictions/), so it would not bound the time;
 * the Attribute Pattern's {@code [{k, v}]} serves the same queries as the pairs folded into one text at about
 * twice the bytes per bucket (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/attribute-pattern/).
 */
final class TagIndex {

    static final String NAME = "tags_1_start_1";

    private TagIndex() {
    }

    static IndexOptions options() {
        // Untagged buckets take no entry; queries imply the filter with their own $exists (index-partial).
        return new IndexOptions().name(NAME).partialFilterExpression(Filters.exists(BucketMeta.TAGS));
    }

    static void ensure(MongoCollection<BsonDocument> buckets) {
        PartialIndex.ensure(buckets, Indexes.ascending(BucketMeta.TAGS, START), options(),
                "{tags, start} that is not the one tags need");
    }
}
