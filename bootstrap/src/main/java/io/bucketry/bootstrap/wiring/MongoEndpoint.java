package io.bucketry.bootstrap.wiring;

import io.bucketry.adapter.mongo.common.ConnectionStrings;

/**
 * The MongoDB server the Mongo store modules connect to: the configured {@code mongoUri}, or the
 * embedded test server's when {@code --embedded-mongo} is set.
 *
 * @param uri connection string; may hold credentials, so print only {@link #maskedUri()}
 * @param embedded true for the in-process test server (which implies the time-series fallback)
 */
public record MongoEndpoint(String uri, boolean embedded) {

    /** The URI with any user name and password hidden. */
    public String maskedUri() {
        return ConnectionStrings.mask(uri);
    }
}
