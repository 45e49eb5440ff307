package io.bucketry.app.architecture.violating.adapter.mongo.rollups;

/** Fixture: the Mongo rollup storage both Mongo adapters share, as it should be. */
public final class MongoRollups {
}
