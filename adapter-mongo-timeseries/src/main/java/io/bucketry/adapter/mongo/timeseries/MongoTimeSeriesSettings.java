package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.common.ConnectionStrings;

import com.mongodb.ConnectionString;

import java.time.Duration;

/**
 * Where the mongo-timeseries backend keeps its readings: the server, database and collection, and
 * whether a server without native time-series collections may be used through the fallback (one
 * plain document per reading).
 *
 * @param uri a MongoDB connection string ({@code mongodb://…} or {@code mongodb+srv://…})
 * @param database the database name; null means {@value #DEFAULT_DATABASE}
 * @param collection the collection name; null means {@value #DEFAULT_COLLECTION}
 * @param fallback use a plain collection when the server has no native time-series collections
 * @param timeout how long one operation may take before it fails (the driver's {@code timeoutMS}),
 *                unless the connection string sets {@code timeoutMS} or {@code socketTimeoutMS};
 *                null means {@link #DEFAULT_TIMEOUT}
 */
public record MongoTimeSeriesSettings(String uri, String database, String collection, boolean fallback,
                                      Duration timeout) {

    /** Long enough for a large insertMany, short enough that a silent server fails a call. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public static final String DEFAULT_DATABASE = "bucketry";
    public static final String DEFAULT_COLLECTION = "readings_timeseries";
    private static final String FORBIDDEN_IN_DATABASE = "/\\. \"$*<>:|?";

    public MongoTimeSeriesSettings {
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException("MongoDB connection string is missing");
        }
        new ConnectionString(uri); // throws IllegalArgumentException naming what is wrong
        database = database == null ? DEFAULT_DATABASE : database;
        collection = collection == null ? DEFAULT_COLLECTION : collection;
        requireDatabaseName(database);
        requireCollectionName(collection);
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
        if (timeout.isNegative() || timeout.toMillis() == 0) {
            throw new IllegalArgumentException("MongoDB timeout " + timeout + " must be at least 1 ms");
        }
    }

    /** Settings with the default operation timeout. */
    public MongoTimeSeriesSettings(String uri, String database, String collection, boolean fallback) {
        this(uri, database, collection, fallback, DEFAULT_TIMEOUT);
    }

    /** The defaults for database and collection, no fallback. */
    public static MongoTimeSeriesSettings of(String uri) {
        return new MongoTimeSeriesSettings(uri, null, null, false);
    }

    public MongoTimeSeriesSettings withCollection(String name) {
        return new MongoTimeSeriesSettings(uri, database, name, fallback, timeout);
    }

    public MongoTimeSeriesSettings withFallback(boolean enabled) {
        return new MongoTimeSeriesSettings(uri, database, collection, enabled, timeout);
    }

    /** The same place, another operation timeout. */
    public MongoTimeSeriesSettings withTimeout(Duration value) {
        return new MongoTimeSeriesSettings(uri, database, collection, fallback, value);
    }

    private static void requireDatabaseName(String name) {
        if (name.isEmpty() || name.length() > 63) {
            throw new IllegalArgumentException("database name '" + name + "' must have 1 to 63 characters");
        }
        for (char c : name.toCharArray()) {
            if (FORBIDDEN_IN_DATABASE.indexOf(c) >= 0 || c == 0) {
                throw new IllegalArgumentException("database name '" + name + "' contains '" + c
                        + "', which MongoDB does not allow in database names");
            }
        }
    }

    private static void requireCollectionName(String name) {
        if (name.isEmpty() || name.length() > 120) {
            throw new IllegalArgumentException("collection name '" + name + "' must have 1 to 120 characters");
        }
        if (name.indexOf('$') >= 0 || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("collection name '" + name + "' must not contain '$' or NUL");
        }
        if (name.startsWith("system.")) {
            throw new IllegalArgumentException("collection name '" + name + "' must not start with 'system.'");
        }
    }

    /** The settings with the password in the connection string hidden. */
    @Override
    public String toString() {
        return "MongoTimeSeriesSettings[uri=" + redacted(uri) + ", database=" + database + ", collection="
                + collection + ", fallback=" + fallback + ", timeout=" + timeout + "]";
    }

    static String redacted(String uri) {
        return ConnectionStrings.mask(uri);
    }
}
