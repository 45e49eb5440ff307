package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoDatabase;
import org.bson.Document;

/**
 * What {@code listCollections} says about one collection: its type ("collection", "timeseries",
 * "view") and, for a time-series collection, its fields and bucketing options.
 */
record CollectionInfo(String name, String type, String timeField, String metaField, String granularity,
                      Number bucketMaxSpanSeconds, Number expireAfterSeconds) {

    static final String TIME_SERIES = "timeseries";
    static final String PLAIN = "collection";

    /**
     * The collection named {@code name}, or null. The whole listing is filtered here, not by the
     * server, because some servers (the embedded test server) ignore a listCollections filter.
     */
    static CollectionInfo find(MongoDatabase database, String name) {
        for (Document entry : database.listCollections().filter(new Document("name", name))) {
            if (name.equals(entry.getString("name"))) {
                return from(entry);
            }
        }
        return null;
    }

    static CollectionInfo from(Document entry) {
        Document options = entry.get("options", Document.class);
        options = options == null ? new Document() : options;
        Document timeseries = options.get("timeseries", Document.class);
        timeseries = timeseries == null ? new Document() : timeseries;
        String type = entry.getString("type");
        return new CollectionInfo(entry.getString("name"), type == null ? PLAIN : type,
                timeseries.getString("timeField"), timeseries.getString("metaField"),
                timeseries.getString("granularity"), timeseries.get("bucketMaxSpanSeconds", Number.class),
                options.get("expireAfterSeconds", Number.class));
    }

    boolean isTimeSeries() {
        return TIME_SERIES.equals(type);
    }

    boolean isPlain() {
        return PLAIN.equals(type);
    }

    /** True when the time and meta fields are the ones this adapter writes with {@code meta}. */
    boolean hasBucketryLayout(MetaField meta) {
        return TimeSeriesOptions.TIME_FIELD.equals(timeField) && meta.name.equals(metaField);
    }

    /** True when the time and meta fields are ones this adapter writes, with tags or without. */
    boolean hasBucketryLayout() {
        return hasBucketryLayout(MetaField.SERIES) || hasBucketryLayout(MetaField.META);
    }

    String describe() {
        if (isTimeSeries()) {
            return "a time-series collection with timeField '" + timeField + "' and metaField '" + metaField + "'";
        }
        return isPlain() ? "a plain (not time-series) collection" : "a " + type;
    }
}
