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
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static com.mongodb.client.model.Filters.eq;
import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static io.bucketry.adapter.mongo.bucket.TestData.value;
import static org.assertj.core.api.Assertions.assertThat;

/** E11000 from writers that met each other is resolved inside store(), never surfaced. */
class RacingWritersTest {

    private static final BucketPolicy THREE = BucketPolicy.windowed(Duration.ofHours(1), 3);
    private static final TimeRange ALL = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(2)));

    @Test
    void writerWhoseBucketAnotherProcessFilledRetriesIntoTheNextSequence() {
        // given: two stores (two processes) on one collection; the first fills seq 0
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore first = MongoBucketReadingStore.open(settings, THREE, io.bucketry.domain.RetentionPolicy.defaults());
             MongoBucketReadingStore second = MongoBucketReadingStore.open(settings, THREE, io.bucketry.domain.RetentionPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("race");
            first.store(TestData.every(series, minute(0), Duration.ofMinutes(1), 3));
            Counts before = Counts.of(second);

            // when: the second writes to the same window, not knowing
            StoreResult result = second.store(List.of(value(series, minute(30), 30), value(series, minute(31), 31)));

            // then: its upsert met E11000, it read once and wrote seq 1
            Counts sent = Counts.of(second).since(before);
            assertThat(result).isEqualTo(new StoreResult(2, 0));
            assertThat(sent.writeCommands()).isEqualTo(2);
            assertThat(sent.reads()).isEqualTo(1);
            assertThat(TestData.documents(first, eq("series", series.value())))
                    .extracting(d -> d.getInt32("seq").getValue() + ":" + d.getNumber("count").intValue())
                    .containsExactly("0:3", "1:2");
        }
    }

    @Test
    void writerRacedBetweenItsReadAndItsWriteReadsAgainAndStoresEachReadingOnce() {
        // given: seq 0 holds two of three; a batch of three of its own, one of them also written by a rival
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, THREE, io.bucketry.domain.RetentionPolicy.defaults());
             MongoBucketReadingStore rival = MongoBucketReadingStore.open(settings, THREE, io.bucketry.domain.RetentionPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("race");
            store.store(List.of(value(series, minute(0), 0), value(series, minute(1), 1)));
            List<Reading> batch = List.of(value(series, minute(2), 2), value(series, minute(3), 3), value(series, minute(4), 4));
            Reading rivals = value(series, minute(3), 33);
            store.writer().beforeBulk(attempt -> {
                if (attempt == 1) {
                    rival.store(List.of(rivals)); // lands between this writer's read and its second bulk write
                }
            });

            // when
            StoreResult result = store.store(batch);

            // then: the rival's reading won, every other reading is stored exactly once
            assertThat(result).isEqualTo(new StoreResult(2, 1));
            assertThat(store.read(series, ALL, 100)).extracting(r -> r.fields().number("value"))
                    .containsExactly(0.0, 1.0, 2.0, 33.0, 4.0);
            List<BsonDocument> buckets = TestData.documents(store, eq("series", series.value()));
            assertThat(buckets).extracting(d -> d.getNumber("count").intValue()).containsExactly(3, 2);
        }
    }

    @Test
    void concurrentUpsertsOfTheSameNewBucketsOnARealServerStoreEveryReadingOnce() throws Exception {
        MongoLane.assumeRealServer("the embedded mongo-java-server serialises writes to a collection, "
                + "so upserts never race there; this runs against a real server (BUCKETRY_TEST_MONGODB_URI or Docker)");
        // given: eight writers, each with every reading of fresh windows, in its own order
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofMinutes(10), 4))) {
            SeriesId series = TestData.freshSeries("race");
            List<Reading> distinct = TestData.every(series, minute(0), Duration.ofSeconds(37), 400);
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<StoreResult>> results = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    List<Reading> mine = new ArrayList<>(distinct);
                    Collections.shuffle(mine, new Random(t));
                    results.add(pool.submit(() -> {
                        start.await();
                        StoreResult total = StoreResult.EMPTY;
                        for (int i = 0; i < mine.size(); i += 25) {
                            total = total.plus(store.store(mine.subList(i, Math.min(mine.size(), i + 25))));
                        }
                        return total;
                    }));
                }
                start.countDown();
                StoreResult total = StoreResult.EMPTY;
                for (Future<StoreResult> result : results) {
                    total = total.plus(result.get(2, TimeUnit.MINUTES));
                }

                // then
                assertThat(total).isEqualTo(new StoreResult(400, 7 * 400));
                assertThat(store.read(series, ALL, 1000)).containsExactlyElementsOf(distinct);
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
