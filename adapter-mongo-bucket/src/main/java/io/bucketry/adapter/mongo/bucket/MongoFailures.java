package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoException;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.function.Supplier;

/** Translates driver failures into the port's {@link StoreUnavailableException}: no driver type crosses the port. */
final class MongoFailures {

    private MongoFailures() {
    }

    static <T> T translate(String operation, Supplier<T> call) {
        try {
            return call.get();
        } catch (MongoException e) {
            throw new StoreUnavailableException("mongo-bucket: could not " + operation + ": " + e.getMessage(), e);
        }
    }

    static void translate(String operation, Runnable call) {
        translate(operation, () -> {
            call.run();
            return null;
        });
    }
}
