package io.bucketry.embedding;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** An application with bucketry-bootstrap and bucketry-adapter-inmemory only: no MongoDB driver at all. */
class InMemoryEmbeddingTest extends MinimalClassPathContract {

    @Override
    protected BucketryConfig config() {
        return BucketryConfig.defaults();
    }

    @Override
    protected Set<String> bucketryArtifacts() {
        return Set.of("io.bucketry:bucketry-bootstrap", "io.bucketry:bucketry-domain", "io.bucketry:bucketry-application",
                "io.bucketry:bucketry-adapter-inmemory",
                "io.bucketry:bucketry-codec");   // the in-memory store seals its buckets with the codec
    }

    @Override
    protected Set<String> backendGroups() {
        return Set.of();
    }

    @Override
    protected List<String> otherBackendsStores() {
        return List.of("io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore",
                "io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesReadingStore", "com.mongodb.client.MongoClient",
                "de.bwaldvogel.mongo.MongoServer");
    }

    @Override
    protected Map.Entry<Backend, String> missingBackend() {
        return Map.entry(Backend.MONGO_BUCKET, "io.bucketry:bucketry-adapter-mongo-bucket");
    }
}
