package io.bucketry.adapter.mongo.common;

import java.time.Duration;

/**
 * What both Mongo adapters' settings say about where they connect: a connection string, a database,
 * a collection and an operation timeout, checked by {@link MongoNames}; {@link MongoConnections}
 * builds a client from it.
 */
public interface MongoConnectionSettings {

    /** Long enough for a bulk write of a large batch, short enough that a silent server fails a call. */
    Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    String DEFAULT_DATABASE = "bucketry";

    /** A MongoDB connection string ({@code mongodb://…} or {@code mongodb+srv://…}). */
    String uri();

    String database();

    String collection();

    /**
     * How long one operation may take before it fails (the driver's {@code timeoutMS}), unless the
     * connection string sets {@code timeoutMS} or {@code socketTimeoutMS}.
     */
    Duration timeout();

    /** The uri with its credentials masked ({@code mongodb://***@host/db}), for messages and logs. */
    default String redactedUri() {
        return ConnectionStrings.mask(uri());
    }
}
