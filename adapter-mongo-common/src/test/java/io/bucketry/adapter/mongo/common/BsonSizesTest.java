package io.bucketry.adapter.mongo.common;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** BSON sizes counted ahead of the server, checked against the driver's own encoding. */
class BsonSizesTest {

    @Test
    void aReadingsArrayElementIsCountedAsTheDriverEncodesItAtTheLongestIndex() {
        // given: a number, an ASCII text and a text of 2-, 3- and 4-byte characters
        Reading reading = Reading.of("s", Instant.ofEpochMilli(5), Map.of("v", 1.5, "note", "ok", "unit", "\u00b0\u20ac\ud83d\ude00"));
        BsonDocument element = new BsonDocument("t", new BsonDateTime(5)).append("v", new BsonDouble(1.5))
                .append("note", new BsonString("ok")).append("unit", new BsonString("\u00b0\u20ac\ud83d\ude00"));

        // when: the element stands at index 99999 (5 digits, the most a bucket of 100,000 readings uses)
        int arrayBytes = new RawBsonDocument(new BsonDocument("a", new BsonArray(List.of(element))), new org.bson.codecs.BsonDocumentCodec())
                .getByteBuffer().remaining();
        int elementBytes = arrayBytes - (4 + 1 + 2 + 1) - (4 + 1) + 4;   // less the outer document and array, index "0" -> "99999"

        // then
        assertThat(BsonSizes.arrayElement(reading)).isEqualTo(elementBytes);
        assertThat(BsonSizes.utf8Length("\u00b0\u20ac\ud83d\ude00")).isEqualTo(2 + 3 + 4);
    }

    @Test
    void anEmptyBucketAlwaysHasRoomForTheLargestValidReading() {
        // given: 64 fields with 64-character names and 256-character texts of 3-byte characters
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < FieldSchema.MAX_FIELDS; i++) {
            fields.put("f" + String.format("%063d", i), "\u20ac".repeat(FieldValue.MAX_TEXT_LENGTH));
        }

        // then: the smallest byte ceiling still admits it into an empty bucket
        assertThat(BsonSizes.arrayElement(Reading.of("s", Instant.EPOCH, fields))).isLessThanOrEqualTo(BucketPolicy.MIN_BYTES);
    }
}
