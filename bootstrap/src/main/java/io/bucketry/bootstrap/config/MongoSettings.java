package io.bucketry.bootstrap.config;

import io.bucketry.bootstrap.mongo.UriMask;
import io.bucketry.domain.SealPolicy;

import java.time.Duration;
import java.util.Objects;

/**
 * How the Mongo backends reach their server. {@link #toString()} masks the URI's credentials.
 *
 * @param uri connection string; may hold credentials, so never print it unmasked
 * @param collection collection the readings (or buckets) live in, or null for the backend's own default
 * @param timeseriesFallback mongo-timeseries: on a server without native time-series collections,
 *                           use a plain collection instead of refusing to start
 * @param embedded start an in-process test server instead of connecting to {@code uri}
 * @param timeout how long one MongoDB operation may take (driver {@code timeoutMS}) unless the URI sets
 *                {@code timeoutMS} or {@code socketTimeoutMS}
 * @param bucketLayout mongo-bucket: rows, or sealed windows of compressed columns ({@code mongoLayout})
 * @param sealAfter mongo-bucket's sealed layout: how long after a window's end it is sealed
 * @param tags whether the collection keeps the tags each reading was written with ({@code mongoTags}): null as its
 *             layout record says (a new collection keeps them, one made before tags does not); true or false is
 *             recorded for a new collection and refused at start on one recorded otherwise, naming {@code migrate}
 */
public record MongoSettings(String uri, String database, String collection, boolean timeseriesFallback,
                            boolean embedded, Duration timeout, MongoLayout bucketLayout, Duration sealAfter,
                            Boolean tags) {

    public static final String DEFAULT_URI = "mongodb://localhost:27017";
    public static final String DEFAULT_DATABASE = "bucketry";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public MongoSettings {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.toMillis() < 1) {
            throw new IllegalArgumentException("mongoTimeout " + timeout + " must be at least 1ms");
        }
        bucketLayout = bucketLayout == null ? MongoLayout.ROWS : bucketLayout;
        sealAfter = new SealPolicy(sealAfter == null ? SealPolicy.DEFAULT_SEAL_AFTER : sealAfter).sealAfter();
    }

    /** Settings that keep tags as the collection's layout record says. */
    public MongoSettings(String uri, String database, String collection, boolean timeseriesFallback, boolean embedded,
                         Duration timeout, MongoLayout bucketLayout, Duration sealAfter) {
        this(uri, database, collection, timeseriesFallback, embedded, timeout, bucketLayout, sealAfter, null);
    }

    /** Settings of mongo-bucket's row layout. */
    public MongoSettings(String uri, String database, String collection, boolean timeseriesFallback, boolean embedded,
                         Duration timeout) {
        this(uri, database, collection, timeseriesFallback, embedded, timeout, MongoLayout.ROWS, null);
    }

    /** Settings with the default operation timeout. */
    public MongoSettings(String uri, String database, String collection, boolean timeseriesFallback, boolean embedded) {
        this(uri, database, collection, timeseriesFallback, embedded, DEFAULT_TIMEOUT);
    }

    public static MongoSettings defaults() {
        return new MongoSettings(DEFAULT_URI, DEFAULT_DATABASE, null, false, false);
    }

    /** The same settings with another operation timeout. */
    public MongoSettings withTimeout(Duration value) {
        return new MongoSettings(uri, database, collection, timeseriesFallback, embedded, value, bucketLayout, sealAfter, tags);
    }

    /** These settings with the mongo-bucket layout and seal delay of {@code other}. */
    public MongoSettings withLayoutOf(MongoSettings other) {
        return withBucketLayout(other.bucketLayout, other.sealAfter);
    }

    /** These settings with another mongo-bucket layout and seal delay (null: the default, 10 minutes). */
    public MongoSettings withBucketLayout(MongoLayout layout, Duration after) {
        return new MongoSettings(uri, database, collection, timeseriesFallback, embedded, timeout, layout, after, tags);
    }

    /** These settings with tags on or off for the collection ({@code mongoTags}; null: as its layout record says). */
    public MongoSettings withTags(Boolean value) {
        return new MongoSettings(uri, database, collection, timeseriesFallback, embedded, timeout, bucketLayout, sealAfter, value);
    }

    // one setting changed, the rest (layout, seal delay and tags included) kept: the builder's mongo* keys
    MongoSettings withUri(String value) {
        return new MongoSettings(value, database, collection, timeseriesFallback, embedded, timeout, bucketLayout, sealAfter, tags);
    }

    MongoSettings withDatabase(String value) {
        return new MongoSettings(uri, value, collection, timeseriesFallback, embedded, timeout, bucketLayout, sealAfter, tags);
    }

    MongoSettings withCollection(String value) {
        return new MongoSettings(uri, database, value, timeseriesFallback, embedded, timeout, bucketLayout, sealAfter, tags);
    }

    MongoSettings withTimeseriesFallback(boolean value) {
        return new MongoSettings(uri, database, collection, value, embedded, timeout, bucketLayout, sealAfter, tags);
    }

    MongoSettings withEmbedded(boolean value) {
        return new MongoSettings(uri, database, collection, timeseriesFallback, value, timeout, bucketLayout, sealAfter, tags);
    }

    /**
     * The URI with any user name and password replaced by {@code ***}; all of it hidden where no Mongo
     * backend (which owns the masking rules) is on the class path.
     */
    public String maskedUri() {
        return UriMask.mask(uri);
    }

    @Override
    public String toString() {
        return "MongoSettings[uri=" + maskedUri() + ", database=" + database + ", collection=" + (collection == null ? "(backend default)" : collection)
                + ", timeseriesFallback=" + timeseriesFallback + ", embedded=" + embedded + ", timeout=" + timeout
                + ", bucketLayout=" + bucketLayout.id() + (tags == null ? "" : ", tags=" + tags) + "]";
    }
}
