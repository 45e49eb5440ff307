package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static com.mongodb.client.model.Filters.eq;
import static org.assertj.core.api.Assertions.assertThat;

class BucketDocumentSchemaTest {

    @Test
    void storedBucketHasTheDocumentedSchemaWithReadingsSortedByTime() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("sensor");
            Reading second = TestData.sensor(series, TestData.minute(61), 22.5);
            Reading first = TestData.sensor(series, TestData.minute(60), 22.4);
            Reading third = TestData.sensor(series, TestData.minute(62), 22.7);

            // when: the first reading arrives late, in a second batch
            store.store(List.of(second, third));
            store.store(List.of(first));

            // then
            List<BsonDocument> documents = TestData.documents(store, eq("series", series.value()));
            assertThat(documents).hasSize(1);
            BsonDocument bucket = documents.get(0);
            System.out.println("[bucketry] sample stored bucket document:\n"
                    + bucket.toJson(JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).indent(true).build()));
            assertThat(bucket.keySet()).containsExactlyInAnyOrder("_id", "series", "start", "seq", "count", "first",
                    "last", "bytes", "summary", "readings");
            assertThat(bucket.getString("series").getValue()).isEqualTo(series.value());
            assertThat(bucket.getDateTime("start").getValue()).isEqualTo(TestData.minute(60).toEpochMilli());
            assertThat(bucket.get("seq").getBsonType()).isEqualTo(BsonType.INT32);
            assertThat(bucket.getInt32("seq").getValue()).isZero();
            assertThat(bucket.getNumber("count").intValue()).isEqualTo(3);
            assertThat(bucket.getDateTime("first").getValue()).isEqualTo(first.epochMilli());
            assertThat(bucket.getDateTime("last").getValue()).isEqualTo(third.epochMilli());
            BsonDocument temperature = bucket.getDocument("summary").getDocument("temperature");
            assertThat(temperature.getNumber("count").intValue()).isEqualTo(3);
            assertThat(temperature.getNumber("min").doubleValue()).isEqualTo(22.4);
            assertThat(temperature.getNumber("max").doubleValue()).isEqualTo(22.7);
            assertThat(temperature.getNumber("sum").doubleValue()).isCloseTo(67.6, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(bucket.getDocument("summary").keySet()).containsExactlyInAnyOrder("temperature", "pressure");
            List<Long> times = new ArrayList<>();
            for (BsonValue element : bucket.getArray("readings")) {
                BsonDocument reading = element.asDocument();
                assertThat(reading.keySet()).containsExactly("t", "temperature", "pressure", "status");
                assertThat(reading.get("t").getBsonType()).isEqualTo(BsonType.DATE_TIME);
                times.add(reading.getDateTime("t").getValue());
            }
            assertThat(times).containsExactly(first.epochMilli(), second.epochMilli(), third.epochMilli());
        }
    }

    @Test
    void pagedBucketStartsAtTheTimeOfItsFirstReading() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.paged(3))) {
            SeriesId series = TestData.freshSeries("page");
            List<Reading> readings = TestData.every(series, TestData.minute(7), Duration.ofMinutes(5), 7);

            // when
            store.store(readings);

            // then: pages of three, each starting at its first reading
            List<BsonDocument> documents = TestData.documents(store, eq("series", series.value()));
            assertThat(documents).extracting(d -> d.getDateTime("start").getValue()).containsExactly(
                    readings.get(0).epochMilli(), readings.get(3).epochMilli(), readings.get(6).epochMilli());
            assertThat(documents).extracting(d -> d.getNumber("count").intValue()).containsExactly(3, 3, 1);
            assertThat(documents).extracting(d -> d.getInt32("seq").getValue()).containsOnly(0);
        }
    }
}
