package io.bucketry.bootstrap;

import io.bucketry.application.ConnectionStrings;

import java.util.Objects;

/**
 * How the Mongo backends reach their server. {@link #toString()} masks the URI's credentials.
 *
 * @param uri connection string; may hold credentials, so never print it unmasked
 * @param collection collection the readings (or buckets) live in, or null for the backend's own default
 * @param timeseriesFallback mongo-timeseries: on a server without native time-series collections,
 *                           use a plain collection instead of refusing to start
 * @param embedded start an in-process test server instead of connecting to {@code uri}
 */
public record MongoSettings(String uri, String database, String collection, boolean timeseriesFallback,
                            boolean embedded) {

    public static final String DEFAULT_URI = "mongodb://localhost:27017";
    public static final String DEFAULT_DATABASE = "bucketry";

    public MongoSettings {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(database, "database");
    }

    public static MongoSettings defaults() {
        return new MongoSettings(DEFAULT_URI, DEFAULT_DATABASE, null, false, false);
    }

    /** The URI with any user name and password replaced by {@code ***}. */
    public String maskedUri() {
        return ConnectionStrings.mask(uri);
    }

    @Override
    public String toString() {
        return "MongoSettings[uri=" + maskedUri() + ", database=" + database + ", collection=" + (collection == null ? "(backend default)" : collection)
                + ", timeseriesFallback=" + timeseriesFallback + ", embedded=" + embedded + "]";
    }
}
