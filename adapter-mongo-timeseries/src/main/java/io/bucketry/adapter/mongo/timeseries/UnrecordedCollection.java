package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoDatabase;
import io.bucketry.adapter.mongo.common.layout.LayoutGuard.Unrecorded;
import io.bucketry.adapter.mongo.common.layout.LayoutRecords;
import io.bucketry.adapter.mongo.common.layout.LayoutText;
import io.bucketry.domain.BucketPolicy;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an existing readings collection without a layout record (made by a Bucketry before layout
 * records) says about the width it was made for: a native collection's granularity or bucket span
 * must be the one the configured width gives; a plain (fallback) one holds no trace of a width.
 */
final class UnrecordedCollection {

    private UnrecordedCollection() {
    }

    static Unrecorded inspect(MongoDatabase database, CollectionInfo info, BucketPolicy.Windowed policy) {
        if (info == null || database.getCollection(info.name()).find().limit(1).first() == null) {
            return Unrecorded.empty();
        }
        if (info.isTimeSeries() && !info.hasBucketryLayout()) {
            return new Unrecorded(true, "it is " + info.describe(), null);
        }
        if (!info.isTimeSeries()) {
            return new Unrecorded(true, null, "nothing: a plain collection's documents do not depend on the width");
        }
        long widthSeconds = Math.max(1, (policy.widthMillis() + 999) / 1000);
        String width = "the configured bucket width (bucketWidth) " + LayoutText.duration(policy.width());
        if (info.bucketMaxSpanSeconds() != null && info.granularity() == null) {
            long span = info.bucketMaxSpanSeconds().longValue();
            long wanted = Math.min(widthSeconds, TimeSeriesOptions.MAX_BUCKET_SPAN_SECONDS);
            return span == wanted ? new Unrecorded(true, null, "its bucketMaxSpanSeconds " + span + " against " + width)
                    : new Unrecorded(true, "its bucketMaxSpanSeconds is " + span + ", " + width + " gives " + wanted, null);
        }
        String granularity = TimeSeriesOptions.granularity(widthSeconds);
        return granularity.equals(info.granularity())
                ? new Unrecorded(true, null, "its granularity '" + granularity + "' against " + width)
                : new Unrecorded(true, "its granularity is '" + info.granularity() + "', " + width + " gives '" + granularity + "'",
                null);
    }

    /**
     * Whether a start keeps tags: as {@code configured} when set; otherwise false for a collection that exists
     * without a layout record (made before them, so as it is) or whose metaField holds the series alone, else
     * null (as recorded; a new collection keeps them).
     */
    static Boolean tags(CollectionInfo info, LayoutRecords records, Boolean configured) {
        if (configured != null || info == null) {
            return configured;
        }
        if (info.isTimeSeries() ? MetaField.SERIES.name.equals(info.metaField()) : records.find().isEmpty()) {
            return Boolean.FALSE;
        }
        return null;
    }

    /** The options the server fixed when it created the collection, as recorded in the layout. */
    static Map<String, String> serverOptions(CollectionInfo info) {
        Map<String, String> options = new LinkedHashMap<>();
        if (info == null) {
            return options;
        }
        options.put("type", info.type());
        put(options, "timeField", info.timeField());
        put(options, "metaField", info.metaField());
        put(options, "granularity", info.granularity());
        put(options, "bucketMaxSpanSeconds", info.bucketMaxSpanSeconds());
        return options;
    }

    private static void put(Map<String, String> options, String name, Object value) {
        if (value != null) {
            options.put(name, String.valueOf(value));
        }
    }
}
