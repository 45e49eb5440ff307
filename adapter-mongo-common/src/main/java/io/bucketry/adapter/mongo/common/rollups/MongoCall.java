package io.bucketry.adapter.mongo.common.rollups;

import java.util.function.Supplier;

/**
 * How the adapter that owns the client runs a call: it translates its driver's failures into
 * {@link io.bucketry.application.port.out.StoreUnavailableException} with its own server and limits.
 */
@FunctionalInterface
public interface MongoCall {

    /** Runs {@code body}, naming {@code what} in a failure. */
    <T> T call(String what, Supplier<T> body);
}
