package io.bucketry.embedding;

import io.bucketry.bootstrap.config.Backend;

import java.util.List;
import java.util.Set;

/**
 * An application with bucketry-bootstrap and bucketry-adapter-mongo-timeseries only (plus the embedded test
 * server it starts here instead of a real one).
 */
class MongoTimeSeriesEmbeddingTest extends MongoClassPathContract {

    @Override
    protected Backend backend() {
        return Backend.MONGO_TIMESERIES;
    }

    @Override
    protected Set<String> bucketryArtifacts() {
        return Set.of("io.bucketry:bucketry-bootstrap", "io.bucketry:bucketry-domain", "io.bucketry:bucketry-application",
                "io.bucketry:bucketry-adapter-mongo-timeseries", "io.bucketry:bucketry-adapter-mongo-common");
    }

    @Override
    protected List<String> otherBackendsStores() {
        return List.of("io.bucketry.adapter.inmemory.InMemoryReadingStore",
                "io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore");
    }
}
