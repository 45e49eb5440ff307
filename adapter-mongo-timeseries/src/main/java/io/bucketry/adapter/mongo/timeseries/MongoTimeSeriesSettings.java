package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.common.MongoConnectionSettings;
import io.bucketry.adapter.mongo.common.MongoNames;

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
 * @param tags whether the metaField keeps the tags each reading was written with ({@link MetaField#META});
 *             null means as the collection's layout record says (a new collection keeps them, one made before
 *             tags does not); true on a collection made without them is refused at start, naming {@code migrate}
 */
public record MongoTimeSeriesSettings(String uri, String database, String collection, boolean fallback,
                                      Duration timeout, Boolean tags) implements MongoConnectionSettings {

    public static final String DEFAULT_COLLECTION = "readings_timeseries";

    public MongoTimeSeriesSettings {
        uri = MongoNames.uri(uri);
        database = MongoNames.database(database, DEFAULT_DATABASE);
        collection = MongoNames.collection(collection, DEFAULT_COLLECTION);
        timeout = MongoNames.timeout(timeout);
    }

    /** Settings that keep tags as the collection's layout record says. */
    public MongoTimeSeriesSettings(String uri, String database, String collection, boolean fallback, Duration timeout) {
        this(uri, database, collection, fallback, timeout, null);
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
        return new MongoTimeSeriesSettings(uri, database, name, fallback, timeout, tags);
    }

    public MongoTimeSeriesSettings withFallback(boolean enabled) {
        return new MongoTimeSeriesSettings(uri, database, collection, enabled, timeout, tags);
    }

    /** The same place, another operation timeout. */
    public MongoTimeSeriesSettings withTimeout(Duration value) {
        return new MongoTimeSeriesSettings(uri, database, collection, fallback, value, tags);
    }

    /** The same place, tags on or off ({@code null}: as the layout record says). */
    public MongoTimeSeriesSettings withTags(Boolean value) {
        return new MongoTimeSeriesSettings(uri, database, collection, fallback, timeout, value);
    }

    /** The settings with the password in the connection string hidden. */
    @Override
    public String toString() {
        return "MongoTimeSeriesSettings[uri=" + redactedUri() + ", database=" + database + ", collection="
                + collection + ", fallback=" + fallback + ", timeout=" + timeout + (tags == null ? "" : ", tags=" + tags) + "]";
    }
}
