package io.bucketry.embedding;

import io.bucketry.bootstrap.Backend;
import io.bucketry.bootstrap.BucketryConfig;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An application with bucketry-bootstrap and bucketry-adapter-mongo-timeseries only (plus the embedded test
 * server it starts here instead of a real one).
 */
class MongoTimeSeriesEmbeddingTest extends MinimalClassPathContract {

    @Override
    protected BucketryConfig config() {
        return BucketryConfig.builder().backend(Backend.MONGO_TIMESERIES).embeddedMongo(true).build();
    }

    @Override
    protected Set<String> bucketryArtifacts() {
        return Set.of("io.bucketry:bucketry-bootstrap", "io.bucketry:bucketry-domain", "io.bucketry:bucketry-application",
                "io.bucketry:bucketry-adapter-mongo-timeseries", "io.bucketry:bucketry-adapter-mongo-common");
    }

    @Override
    protected Set<String> backendGroups() {
        // the MongoDB driver; the embedded test server and what it needs (Netty)
        return Set.of("org.mongodb", "de.bwaldvogel", "io.netty");
    }

    @Override
    protected List<String> otherBackendsStores() {
        return List.of("io.bucketry.adapter.inmemory.InMemoryReadingStore",
                "io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore");
    }

    @Override
    protected Map.Entry<Backend, String> missingBackend() {
        return Map.entry(Backend.INMEMORY, "io.bucketry:bucketry-adapter-inmemory");
    }
}
