package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.bson.Document;
import org.bson.types.Decimal128;

import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stored form of a reading: {@code {t: date, series: "…", <field>: value, …}}, or in a collection that
 * keeps tags {@code {t: date, meta: {series, tags, measurement}, <field>: value, …}} ({@link MetaField}). A
 * field named like the metaField is stored with a leading '_': no valid field name starts with '_', so
 * the escape cannot collide with another field, nor with {@code _id}.
 */
final class ReadingDocuments {

    static final String ID = "_id";
    static final String TIME = TimeSeriesOptions.TIME_FIELD;
    /** The series path of collections made before tags ({@link MetaField#SERIES}). */
    static final String SERIES = MetaField.SERIES.series;

    private ReadingDocuments() {
    }

    static Document toDocument(Reading reading) {
        return toDocument(reading, MetaField.SERIES);
    }

    static Document toDocument(Reading reading, MetaField meta) {
        Document document = new Document(TIME, new Date(reading.epochMilli()))
                .append(meta.name, meta.value(reading.series().value(), reading.meta()));
        for (Map.Entry<String, FieldValue> field : reading.fields().entrySet()) {
            Object value = field.getValue() instanceof FieldValue.Numeric numeric
                    ? (Object) numeric.value() : ((FieldValue.Text) field.getValue()).value();
            document.append(storedName(field.getKey(), meta), value);
        }
        return document;
    }

    /** The reading a stored document holds, or null if it holds no usable field. */
    static Reading toReading(Document document) {
        return toReading(document, MetaField.SERIES);
    }

    /** As {@link #toReading(Document)}, with the meta it was written with. */
    static Reading toReading(Document document, MetaField meta) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : document.entrySet()) {
            String name = fieldName(entry.getKey(), meta);
            Object value = value(entry.getValue());
            if (name != null && value != null) {
                fields.put(name, value);
            }
        }
        if (fields.isEmpty()) {
            return null;
        }
        return Reading.of(meta.seriesOf(document), document.getDate(TIME).toInstant(), fields).withMeta(meta.metaOf(document));
    }

    static Identity identity(Document document, MetaField meta) {
        return new Identity(meta.seriesOf(document), document.getDate(TIME).getTime());
    }

    static String storedName(String field) {
        return storedName(field, MetaField.SERIES);
    }

    static String storedName(String field, MetaField meta) {
        return meta.name.equals(field) ? "_" + field : field;
    }

    /** The field name a stored key stands for, or null for keys that are not (valid) fields. */
    static String fieldName(String stored) {
        return fieldName(stored, MetaField.SERIES);
    }

    static String fieldName(String stored, MetaField meta) {
        if (("_" + meta.name).equals(stored)) {
            return meta.name;
        }
        return FieldSchema.nameProblem(stored) == null && !meta.name.equals(stored) ? stored : null;
    }

    /** Numbers and texts as written; other BSON types (never written here) are skipped. */
    private static Object value(Object stored) {
        if (stored instanceof Double || stored instanceof Integer || stored instanceof Long
                || stored instanceof Decimal128) {
            double number = ((Number) stored).doubleValue();
            return Double.isFinite(number) ? number : null;
        }
        return stored instanceof String text && text.length() <= FieldValue.MAX_TEXT_LENGTH ? text : null;
    }

    /** The identity of a stored reading: series and epoch milliseconds. */
    record Identity(String series, long time) {
        static Identity of(Reading reading) {
            return new Identity(reading.series().value(), reading.epochMilli());
        }

        SeriesId seriesId() {
            return new SeriesId(series);
        }
    }
}
