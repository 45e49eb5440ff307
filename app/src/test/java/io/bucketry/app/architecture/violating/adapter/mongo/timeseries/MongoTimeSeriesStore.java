package io.bucketry.app.architecture.violating.adapter.mongo.timeseries;

/** Fixture: the other Mongo adapter, as it should be. */
public final class MongoTimeSeriesStore {
}
