package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;

/** Eviction takes whole windows, by the indexed window start, never one seq of a window while another stays. */
class WholeWindowEvictionTest {

    @Test
    void evictingAWindowsFullSeqZeroWhileSeqOneStaysCannotLetAResentDuplicateBeStoredTwice() {
        // given: window 00:00 with seq 0 full (00:00, 00:10) and seq 1 holding 00:50
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 2))) {
            SeriesId series = TestData.freshSeries("evict");
            Reading late = TestData.value(series, minute(50), 50);
            store.store(List.of(TestData.value(series, minute(0), 0), TestData.value(series, minute(10), 10), late));

            // when: a sweep with its cutoff inside the window, then the reading of seq 1 is resent
            store.evictBefore(minute(30));
            StoreResult resent = store.store(List.of(late));

            // then: the window was kept whole, so the resent reading is a duplicate, stored once
            assertThat(resent).isEqualTo(new StoreResult(0, 1));
            assertThat(store.read(series, TimeRange.of(minute(0), minute(60)), 10)).filteredOn(late::equals).hasSize(1);
        }
    }

    @Test
    void aWindowIsEvictedWithAllItsSeqsOnceItEndsAtTheCutoff() {
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 2))) {
            SeriesId series = TestData.freshSeries("evict");
            store.store(TestData.every(series, minute(0), Duration.ofMinutes(20), 6)); // 00:00–01:40: 2 + 1 buckets, 2 buckets

            assertThat(store.evictBefore(minute(59))).as("window 00:00 ends after 00:59").isZero();
            assertThat(store.evictBefore(minute(60))).as("both seqs of window 00:00").isEqualTo(2);
            assertThat(store.read(series, TimeRange.of(minute(0), minute(200)), 10)).hasSize(3);
        }
    }

    @Test
    void theWindowedSweepFiltersOnTheIndexedStartAndThePagedOneOnLast() {
        BsonDocument windowed = Eviction.filter(BucketPolicy.windowed(Duration.ofHours(1), 10), 7_200_000L)
                .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
        BsonDocument paged = Eviction.filter(BucketPolicy.paged(10), 7_200_000L)
                .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());

        assertThat(windowed).isEqualTo(BsonDocument.parse("{start: {$lte: {$date: 3600000}}}"));
        assertThat(paged).isEqualTo(BsonDocument.parse("{last: {$lt: {$date: 7200000}}}"));
    }

    @Test
    void theWindowedSweepIsAnIndexScanOnARealServer() {
        MongoLane.assumeRealServer("the embedded server has no query planner to explain");
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(),
                RetentionPolicy.defaults());
             MongoClient client = MongoClients.create(settings.uri())) {
            store.store(TestData.every(TestData.freshSeries("evict"), minute(0), Duration.ofMinutes(30), 8));
            BsonDocument filter = Eviction.filter(BucketPolicy.defaults(), minute(120).toEpochMilli())
                    .toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
            BsonDocument delete = new BsonDocument("delete", new BsonString(settings.collection()))
                    .append("deletes", new BsonArray(List.of(new BsonDocument("q", filter).append("limit", new BsonInt32(0)))));

            BsonDocument explain = client.getDatabase(settings.database())
                    .runCommand(new BsonDocument("explain", delete), BsonDocument.class);

            assertThat(explain.toJson()).contains("IXSCAN").contains("start_1").doesNotContain("COLLSCAN");
        }
    }
}
