package io.bucketry.adapter.mongo.common;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * The one set of rules both Mongo adapters' settings check: a connection string's scheme, MongoDB's
 * own rules for database and collection names, and an operation timeout of at least 1 ms. Each check
 * answers the value to keep (a default for a missing one) or fails naming the offending value.
 */
public final class MongoNames {

    // https://www.mongodb.com/docs/manual/reference/limits/#naming-restrictions
    private static final String FORBIDDEN_IN_DATABASE = "/\\. \"$*<>:|?\0";
    private static final int DATABASE_BYTES_BELOW = 64;

    private MongoNames() {
    }

    /** {@code uri} if it starts with {@code mongodb://} or {@code mongodb+srv://}; messages mask its credentials. */
    public static String uri(String uri) {
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException("MongoDB connection string is missing");
        }
        if (!uri.startsWith("mongodb://") && !uri.startsWith("mongodb+srv://")) {
            throw new IllegalArgumentException("MongoDB uri '" + ConnectionStrings.mask(uri)
                    + "' must start with mongodb:// or mongodb+srv://");
        }
        return uri;
    }

    /** {@code name} (or {@code fallback} when null or blank) if MongoDB accepts it as a database name. */
    public static String database(String name, String fallback) {
        String database = name == null || name.isBlank() ? fallback : name;
        if (database.isEmpty() || database.getBytes(StandardCharsets.UTF_8).length >= DATABASE_BYTES_BELOW) {
            throw new IllegalArgumentException("MongoDB database name '" + database + "' must have 1 to "
                    + (DATABASE_BYTES_BELOW - 1) + " bytes");
        }
        for (char c : database.toCharArray()) {
            if (FORBIDDEN_IN_DATABASE.indexOf(c) >= 0) {
                throw new IllegalArgumentException("MongoDB database name '" + database + "' contains '"
                        + (c == 0 ? "NUL" : String.valueOf(c)) + "': none of / \\ . space \" $ * < > : | ? NUL is allowed");
            }
        }
        return database;
    }

    /** {@code name} (or {@code fallback} when null or blank) if MongoDB accepts it as a collection name. */
    public static String collection(String name, String fallback) {
        String collection = name == null || name.isBlank() ? fallback : name;
        if (collection.isEmpty() || collection.indexOf('$') >= 0 || collection.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("MongoDB collection name '" + collection
                    + "' must not be empty nor contain '$' or NUL");
        }
        if (collection.startsWith("system.")) {
            throw new IllegalArgumentException("MongoDB collection name '" + collection + "' must not start with 'system.'");
        }
        return collection;
    }

    /** {@code timeout} (or {@link MongoConnectionSettings#DEFAULT_TIMEOUT} when null) if it is at least 1 ms. */
    public static Duration timeout(Duration timeout) {
        Duration value = Objects.requireNonNullElse(timeout, MongoConnectionSettings.DEFAULT_TIMEOUT);
        if (value.isNegative() || value.toMillis() == 0) {
            throw new IllegalArgumentException("MongoDB timeout " + value + " must be at least 1 ms");
        }
        return value;
    }
}
