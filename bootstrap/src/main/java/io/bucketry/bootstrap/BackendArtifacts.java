package io.bucketry.bootstrap;

import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;

import java.util.function.Predicate;

/**
 * Checks, before any wiring, that the artifacts the configured backend needs are on the class path:
 * bucketry-bootstrap declares every backend and the embedded test server optional, so an
 * application adds the one it uses. A missing one is named with its Maven coordinates.
 */
final class BackendArtifacts {

    static final String INMEMORY_CLASS = "io.bucketry.adapter.inmemory.InMemoryReadingStore";
    static final String MONGO_BUCKET_CLASS = "io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore";
    static final String MONGO_TIMESERIES_CLASS = "io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesReadingStore";
    static final String MONGO_DRIVER_CLASS = "com.mongodb.client.MongoClient";
    static final String EMBEDDED_SERVER_CLASS = "de.bwaldvogel.mongo.MongoServer";

    private BackendArtifacts() {
    }

    /** Fails with the missing artifact's coordinates; {@code present} answers whether a class can be loaded. */
    static void check(BucketryConfig config, Predicate<String> present) {
        switch (config.backend()) {
            case INMEMORY -> {
                require(present, INMEMORY_CLASS, config, "io.bucketry:bucketry-adapter-inmemory");
                return;
            }
            case MONGO_BUCKET -> require(present, MONGO_BUCKET_CLASS, config, "io.bucketry:bucketry-adapter-mongo-bucket");
            case MONGO_TIMESERIES -> require(present, MONGO_TIMESERIES_CLASS, config,
                    "io.bucketry:bucketry-adapter-mongo-timeseries");
        }
        require(present, MONGO_DRIVER_CLASS, config, "org.mongodb:mongodb-driver-sync");
        if (config.mongo().embedded()) {
            if (!present.test(EMBEDDED_SERVER_CLASS)) {
                throw new ConfigurationException("embeddedMongo needs the in-process test server"
                        + " de.bwaldvogel:mongo-java-server on the class path, and it is not there: add it to the"
                        + " application's dependencies, or give mongoUri a real MongoDB server instead");
            }
        }
    }

    /** Whether {@code className} can be loaded by the loader that loaded Bucketry. */
    static boolean onClassPath(String className) {
        try {
            Class.forName(className, false, BackendArtifacts.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static void require(Predicate<String> present, String className, BucketryConfig config, String artifact) {
        if (!present.test(className)) {
            throw new ConfigurationException("backend " + config.backend().id() + " needs " + artifact
                    + " on the class path, and it is not there: add it to the application's dependencies beside"
                    + " io.bucketry:bucketry-bootstrap, in the same version");
        }
    }
}
