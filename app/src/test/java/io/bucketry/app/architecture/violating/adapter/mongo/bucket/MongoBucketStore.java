package io.bucketry.app.architecture.violating.adapter.mongo.bucket;

/** Fixture: a Mongo adapter holding a BSON document, as it may. */
public final class MongoBucketStore {
    private final org.bson.Document document = new org.bson.Document();
}
