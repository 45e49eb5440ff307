package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.mongodb.client.model.Filters.eq;
import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static io.bucketry.adapter.mongo.bucket.TestData.value;
import static org.assertj.core.api.Assertions.assertThat;

class RolloverTest {

    private static final TimeRange ALL = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(2)));

    @Test
    void fullBucketRollsOverToSequenceOne() {
        // given: a full bucket of three
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 3))) {
            SeriesId series = TestData.freshSeries("ro");
            store.store(TestData.every(series, minute(0), Duration.ofMinutes(1), 3));

            // when
            StoreResult result = store.store(List.of(value(series, minute(10), 10), value(series, minute(11), 11)));

            // then
            assertThat(result).isEqualTo(new StoreResult(2, 0));
            List<BsonDocument> buckets = TestData.documents(store, eq("series", series.value()));
            assertThat(buckets).extracting(b -> b.getInt32("seq").getValue()).containsExactly(0, 1);
            assertThat(buckets).extracting(b -> b.getNumber("count").intValue()).containsExactly(3, 2);
            assertThat(buckets).extracting(b -> b.getDateTime("start").getValue()).containsOnly(minute(0).toEpochMilli());
        }
    }

    @Test
    void readingsBeyondOneBucketAreSplitIntoAChainOfSequences() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 3))) {
            SeriesId series = TestData.freshSeries("ro");
            List<Reading> readings = TestData.every(series, minute(0), Duration.ofMinutes(5), 10);

            // when: ten readings of one window in one batch
            StoreResult result = store.store(readings);

            // then: no statement overflowed a bucket
            assertThat(result).isEqualTo(new StoreResult(10, 0));
            List<BsonDocument> buckets = TestData.documents(store, eq("series", series.value()));
            assertThat(buckets).extracting(b -> b.getNumber("count").intValue()).containsExactly(3, 3, 3, 1);
            assertThat(buckets).extracting(b -> b.getInt32("seq").getValue()).containsExactly(0, 1, 2, 3);
            assertThat(store.read(series, ALL, 100)).containsExactlyElementsOf(readings);
        }
    }

    @Test
    void byteCeilingClosesABucketBeforeItsCountIsReached() {
        // given: a 64 KiB ceiling and readings of about 12 KiB each
        BucketPolicy policy = new BucketPolicy.Windowed(Duration.ofHours(1), 1000, BucketPolicy.MIN_BYTES);
        try (MongoBucketReadingStore store = TestData.store(policy)) {
            SeriesId series = TestData.freshSeries("ro");
            List<Reading> readings = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                Map<String, Object> fields = new LinkedHashMap<>();
                for (int f = 0; f < 16; f++) {
                    fields.put("text" + f, "€".repeat(255) + (char) ('A' + i));
                }
                readings.add(Reading.of(series.value(), minute(i), fields));
            }

            // when: in two batches, so that the second finds a bucket with some room left
            store.store(readings.subList(0, 3));
            StoreResult result = store.store(readings.subList(3, 12));

            // then: every bucket but the last is closed at the ceiling and none holds more than five
            assertThat(result).isEqualTo(new StoreResult(9, 0));
            List<BsonDocument> buckets = TestData.documents(store, eq("series", series.value()));
            assertThat(buckets).extracting(b -> b.getNumber("count").intValue()).allMatch(count -> count <= 5);
            assertThat(buckets.subList(0, buckets.size() - 1)).extracting(b -> b.getNumber("bytes").intValue())
                    .containsOnly(BucketPolicy.MIN_BYTES);
            assertThat(buckets).allMatch(b -> b.toBsonDocument().toJson().length() < 16 * 1024 * 1024);
            assertThat(store.read(series, ALL, 100)).containsExactlyElementsOf(readings);
        }
    }
}
