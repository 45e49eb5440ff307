package io.bucketry.app.architecture.violating.adapter.mongo.common;

/** Fixture: the Mongo code both Mongo adapters share, as it should be. */
public final class MongoCommon {
}
