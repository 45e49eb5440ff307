package io.bucketry.embedding;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.util.Map;
import java.util.Set;

/**
 * {@link MinimalClassPathContract} for an application with one Mongo backend, tried here on the
 * embedded test server that the application also declares (one on a real server leaves it out).
 */
public abstract class MongoClassPathContract extends MinimalClassPathContract {

    /** The Mongo backend this application added. */
    protected abstract Backend backend();

    @Override
    protected BucketryConfig config() {
        return BucketryConfig.builder().backend(backend()).embeddedMongo(true).build();
    }

    @Override
    protected Set<String> backendGroups() {
        // the MongoDB driver; the embedded test server and what it needs (Netty)
        return Set.of("org.mongodb", "de.bwaldvogel", "io.netty");
    }

    @Override
    protected Map.Entry<Backend, String> missingBackend() {
        return Map.entry(Backend.INMEMORY, "io.bucketry:bucketry-adapter-inmemory");
    }
}
