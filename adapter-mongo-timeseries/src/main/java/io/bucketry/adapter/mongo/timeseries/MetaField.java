package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.bson.Document;

import java.util.Map;
import java.util.TreeMap;

/**
 * Where a stored reading keeps its series and tags: the collection's metaField, by which a native
 * collection buckets its measurements. {@link #SERIES}: the series id alone, as in collections made before
 * tags. {@link #META}: {@code meta: {series, tags: {<key>: value, …}, measurement}} (tags and measurement absent
 * when none), so that the server opens a bucket per series and tag version: the data model's rule that a
 * reading is stored with the tags it was written with, and a series re-tagged continues in new buckets
 * (https://www.mongodb.com/docs/manual/core/timeseries/timeseries-bucketing/: measurements with the same
 * metaField value are bucketed together).
 */
enum MetaField {
    SERIES("series", "series"),
    META("meta", "meta.series");

    static final String TAGS = "tags";
    static final String MEASUREMENT = "measurement";

    /** The metaField's name, as the collection is created with it. */
    final String name;
    /** The path of the series id: what every series filter and group uses. */
    final String series;

    MetaField(String name, String series) {
        this.name = name;
        this.series = series;
    }

    /** The metaField of a collection that keeps tags or not. */
    static MetaField of(boolean tags) {
        return tags ? META : SERIES;
    }

    boolean keepsTags() {
        return this == META;
    }

    /** {@code $<series path>}, for pipeline expressions. */
    String seriesExpression() {
        return "$" + series;
    }

    /** The path of one tag's value. */
    String tag(String key) {
        return name + "." + TAGS + "." + key;
    }

    /** The metaField value of a reading written with {@code meta}. */
    Object value(String seriesId, SeriesMeta meta) {
        if (this == SERIES) {
            return seriesId;
        }
        Document value = new Document("series", seriesId);
        if (!meta.tags().isEmpty()) {
            value.append(TAGS, new Document(meta.tags().values()));
        }
        if (meta.measurement() != null) {
            value.append(MEASUREMENT, meta.measurement());
        }
        return value;
    }

    /** The series id of a stored document (series path projected). */
    String seriesOf(Document document) {
        return this == SERIES ? document.getString(name) : document.get(name, Document.class).getString("series");
    }

    /** The meta a stored document was written with ({@link SeriesMeta#NONE} without tags). */
    SeriesMeta metaOf(Document document) {
        if (this == SERIES || !(document.get(name) instanceof Document value)) {
            return SeriesMeta.NONE;
        }
        Map<String, String> tags = new TreeMap<>();
        if (value.get(TAGS) instanceof Document stored) {
            stored.forEach((key, tag) -> tags.put(key, String.valueOf(tag)));
        }
        String measurement = value.getString(MEASUREMENT);
        return tags.isEmpty() && measurement == null ? SeriesMeta.NONE : new SeriesMeta(measurement, new Tags(tags));
    }
}
