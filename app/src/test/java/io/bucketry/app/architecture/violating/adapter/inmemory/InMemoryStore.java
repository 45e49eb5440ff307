package io.bucketry.app.architecture.violating.adapter.inmemory;

import io.bucketry.app.architecture.violating.adapter.mongo.bucket.MongoBucketStore;
import io.bucketry.app.architecture.violating.application.port.out.ReadingStore;

/** Fixture: an in-memory store that falls back to another adapter and exports BSON. */
public final class InMemoryStore implements ReadingStore {
    private final MongoBucketStore fallback = new MongoBucketStore();
    private final org.bson.Document exported = new org.bson.Document();
}
