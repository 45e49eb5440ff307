package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.common.ConnectionStrings;
import io.bucketry.domain.SealPolicy;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the mongo-bucket backend keeps its buckets: a MongoDB connection string, a database and a
 * collection (by default {@value #DEFAULT_COLLECTION}).
 *
 * @param timeout how long one operation may take before it fails (the driver's {@code timeoutMS}),
 *                unless the connection string sets {@code timeoutMS} or {@code socketTimeoutMS};
 *                null means {@link #DEFAULT_TIMEOUT}
 * @param layout how windows are stored; null means {@link DocumentLayout#ROWS}
 * @param sealAfter the sealed layout: how long after a window's end it is sealed; null means
 *                  {@link SealPolicy#DEFAULT_SEAL_AFTER}
 */
public record MongoBucketSettings(String uri, String database, String collection, Duration timeout,
                                  DocumentLayout layout, Duration sealAfter) {

    /** Long enough for a bulk write of a large batch, short enough that a silent server fails a call. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public static final String DEFAULT_COLLECTION = "readings_buckets";
    public static final String DEFAULT_DATABASE = "bucketry";

    // MongoDB refuses these in database names; collection names may not start with "system." nor hold '$'.
    private static final Pattern DATABASE = Pattern.compile("[^/\\\\. \"$*<>:|?\\x00]{1,63}");
    private static final Pattern COLLECTION = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]{0,119}");

    public MongoBucketSettings {
        Objects.requireNonNull(uri, "uri");
        if (!uri.startsWith("mongodb://") && !uri.startsWith("mongodb+srv://")) {
            throw new IllegalArgumentException("MongoDB uri '" + ConnectionStrings.mask(uri) + "' must start with mongodb:// or mongodb+srv://");
        }
        database = database == null || database.isBlank() ? DEFAULT_DATABASE : database;
        collection = collection == null || collection.isBlank() ? DEFAULT_COLLECTION : collection;
        if (!DATABASE.matcher(database).matches()) {
            throw new IllegalArgumentException("MongoDB database name '" + database
                    + "' is invalid: 1-63 characters, none of / \\ . space \" $ * < > : | ?");
        }
        if (!COLLECTION.matcher(collection).matches() || collection.startsWith("system.")) {
            throw new IllegalArgumentException("MongoDB collection name '" + collection
                    + "' is invalid: use letters, digits, '_', '.', '-' (at most 120), not starting with 'system.'");
        }
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
        if (timeout.isNegative() || timeout.toMillis() == 0) {
            throw new IllegalArgumentException("MongoDB timeout " + timeout + " must be at least 1 ms");
        }
        layout = layout == null ? DocumentLayout.ROWS : layout;
        sealAfter = new SealPolicy(sealAfter == null ? SealPolicy.DEFAULT_SEAL_AFTER : sealAfter).sealAfter();
    }

    /** Settings of the row layout. */
    public MongoBucketSettings(String uri, String database, String collection, Duration timeout) {
        this(uri, database, collection, timeout, DocumentLayout.ROWS, null);
    }

    /** Settings with the default operation timeout. */
    public MongoBucketSettings(String uri, String database, String collection) {
        this(uri, database, collection, DEFAULT_TIMEOUT);
    }

    /** Settings with the default database and collection. */
    public static MongoBucketSettings of(String uri) {
        return new MongoBucketSettings(uri, DEFAULT_DATABASE, DEFAULT_COLLECTION);
    }

    /** The same server and database, another collection (the baseline's, for instance). */
    public MongoBucketSettings withCollection(String name) {
        return new MongoBucketSettings(uri, database, name, timeout, layout, sealAfter);
    }

    /** The same place, another operation timeout. */
    public MongoBucketSettings withTimeout(Duration value) {
        return new MongoBucketSettings(uri, database, collection, value, layout, sealAfter);
    }

    /** The same place, another document layout and seal delay ({@code sealAfter}; null: the default). */
    public MongoBucketSettings withLayout(DocumentLayout value, Duration after) {
        return new MongoBucketSettings(uri, database, collection, timeout, value, after);
    }

    /** When the sealed layout seals a window. */
    public SealPolicy sealPolicy() {
        return new SealPolicy(sealAfter);
    }

    /** The uri with its credentials masked ({@code mongodb://***@host/db}), for messages and logs. */
    public String redactedUri() {
        return ConnectionStrings.mask(uri);
    }

    /** The settings with the credentials of the uri masked. */
    @Override
    public String toString() {
        return "MongoBucketSettings[uri=" + redactedUri() + ", database=" + database + ", collection=" + collection + ", timeout=" + timeout
                + ", layout=" + layout.id() + (layout == DocumentLayout.SEALED ? ", sealAfter=" + sealAfter : "") + "]";
    }
}
