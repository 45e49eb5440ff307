package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonString;
import org.bson.BsonValue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Converts a reading to and from its element in a bucket's {@code readings} array: {@code {t, <field>: value, …}}. */
final class ReadingCodec {

    private ReadingCodec() {
    }

    static BsonDocument encode(Reading reading) {
        BsonDocument element = new BsonDocument(BucketFields.TIME, new BsonDateTime(reading.epochMilli()));
        Fields fields = reading.fields();
        FieldSchema schema = fields.schema();
        for (int i = 0; i < schema.size(); i++) {
            FieldValue value = fields.valueAt(i);
            if (value instanceof FieldValue.Numeric numeric) {
                element.append(schema.name(i), new BsonDouble(numeric.value()));
            } else if (value instanceof FieldValue.Text text) {
                element.append(schema.name(i), new BsonString(text.value()));
            }
        }
        return element;
    }

    static Reading decode(SeriesId series, BsonDocument element) {
        Map<String, Object> fields = new LinkedHashMap<>();
        long time = 0;
        for (Map.Entry<String, BsonValue> entry : element.entrySet()) {
            BsonValue value = entry.getValue();
            if (entry.getKey().equals(BucketFields.TIME)) {
                time = value.asDateTime().getValue();
            } else if (value.isNumber()) {
                fields.put(entry.getKey(), value.asNumber().doubleValue());
            } else if (value.isString()) {
                fields.put(entry.getKey(), value.asString().getValue());
            }
        }
        return new Reading(series, Instant.ofEpochMilli(time), Fields.of(fields));
    }

    /** Time of a reading element. */
    static long time(BsonDocument element) {
        return element.getDateTime(BucketFields.TIME).getValue();
    }
}
