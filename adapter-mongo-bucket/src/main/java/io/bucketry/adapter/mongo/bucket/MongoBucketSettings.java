package io.bucketry.adapter.mongo.bucket;

import io.bucketry.adapter.mongo.common.MongoConnectionSettings;
import io.bucketry.adapter.mongo.common.MongoNames;
import io.bucketry.domain.SealPolicy;

import java.time.Duration;

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
 * @param tags whether buckets keep the tags each reading was written with; null means as the collection's
 *             layout record says (a new windowed collection keeps them, one made before tags does not); true on a
 *             collection made without tags is refused at start, naming the {@code migrate} that moves it
 */
public record MongoBucketSettings(String uri, String database, String collection, Duration timeout,
                                  DocumentLayout layout, Duration sealAfter, Boolean tags) implements MongoConnectionSettings {

    public static final String DEFAULT_COLLECTION = "readings_buckets";

    public MongoBucketSettings {
        uri = MongoNames.uri(uri);
        database = MongoNames.database(database, DEFAULT_DATABASE);
        collection = MongoNames.collection(collection, DEFAULT_COLLECTION);
        timeout = MongoNames.timeout(timeout);
        layout = layout == null ? DocumentLayout.ROWS : layout;
        sealAfter = new SealPolicy(sealAfter == null ? SealPolicy.DEFAULT_SEAL_AFTER : sealAfter).sealAfter();
    }

    /** Settings that keep tags as the collection's layout record says. */
    public MongoBucketSettings(String uri, String database, String collection, Duration timeout, DocumentLayout layout,
                               Duration sealAfter) {
        this(uri, database, collection, timeout, layout, sealAfter, null);
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
        return new MongoBucketSettings(uri, database, name, timeout, layout, sealAfter, tags);
    }

    /** The same place, another operation timeout. */
    public MongoBucketSettings withTimeout(Duration value) {
        return new MongoBucketSettings(uri, database, collection, value, layout, sealAfter, tags);
    }

    /** The same place, another document layout and seal delay ({@code sealAfter}; null: the default). */
    public MongoBucketSettings withLayout(DocumentLayout value, Duration after) {
        return new MongoBucketSettings(uri, database, collection, timeout, value, after, tags);
    }

    /** The same place, tags on or off ({@code null}: as the layout record says). */
    public MongoBucketSettings withTags(Boolean value) {
        return new MongoBucketSettings(uri, database, collection, timeout, layout, sealAfter, value);
    }

    /** When the sealed layout seals a window. */
    public SealPolicy sealPolicy() {
        return new SealPolicy(sealAfter);
    }

    /** The settings with the credentials of the uri masked. */
    @Override
    public String toString() {
        return "MongoBucketSettings[uri=" + redactedUri() + ", database=" + database + ", collection=" + collection + ", timeout=" + timeout
                + ", layout=" + layout.id() + (layout == DocumentLayout.SEALED ? ", sealAfter=" + sealAfter : "")
                + (tags == null ? "" : ", tags=" + tags) + "]";
    }
}
