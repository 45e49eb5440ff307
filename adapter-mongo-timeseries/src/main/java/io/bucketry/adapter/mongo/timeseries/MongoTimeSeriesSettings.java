package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.application.ConnectionStrings;

import com.mongodb.ConnectionString;

/**
 * Where the mongo-timeseries backend keeps its readings: the server, database and collection, and
 * whether a server without native time-series collections may be used through the fallback (one
 * plain document per reading).
 *
 * @param uri a MongoDB connection string ({@code mongodb://…} or {@code mongodb+srv://…})
 * @param database the database name; null means {@value #DEFAULT_DATABASE}
 * @param collection the collection name; null means {@value #DEFAULT_COLLECTION}
 * @param fallback use a plain collection when the server has no native time-series collections
 */
public record MongoTimeSeriesSettings(String uri, String database, String collection, boolean fallback) {

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
    }

    /** The defaults for database and collection, no fallback. */
    public static MongoTimeSeriesSettings of(String uri) {
        return new MongoTimeSeriesSettings(uri, null, null, false);
    }

    public MongoTimeSeriesSettings withCollection(String name) {
        return new MongoTimeSeriesSettings(uri, database, name, fallback);
    }

    public MongoTimeSeriesSettings withFallback(boolean enabled) {
        return new MongoTimeSeriesSettings(uri, database, collection, enabled);
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
                + collection + ", fallback=" + fallback + "]";
    }

    static String redacted(String uri) {
        return ConnectionStrings.mask(uri);
    }
}
