package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.port.out.WriteMetrics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** Duplicates are filtered before insert with one query per batch; inserts are one unordered, sorted insertMany. */
class WriteTest {

    private final MongoTestLane lane = MongoTestLane.get();
    private final SentCommands sent = new SentCommands();

    @Test
    void duplicatesWithinTheBatchAndAlreadyStoredAreFoundWithOneQuery() {
        // given: two readings stored
        String a = TestData.freshSeries("w");
        String b = TestData.freshSeries("w");
        try (MongoTimeSeriesReadingStore store = openListened()) {
            store.store(List.of(reading(a, 0, 1), reading(b, 60, 2)));
            long finds = store.commandsSent("find");
            long inserts = readingInserts();

            // when: a batch repeating both, repeating a new one within itself, and two new ones
            StoreResult result = store.store(List.of(reading(a, 0, 9), reading(a, 120, 3), reading(b, 60, 9),
                    reading(a, 120, 8), reading(b, 30, 4)));

            // then
            assertThat(result).isEqualTo(new StoreResult(2, 3));
            assertThat(store.commandsSent("find") - finds).as("queries for stored identities").isEqualTo(1);
            assertThat(readingInserts() - inserts).isEqualTo(1);
            assertThat(store.read(new SeriesId(a), range(), 10))
                    .containsExactly(reading(a, 0, 1), reading(a, 120, 3));
        }
    }

    @Test
    void batchOfStoredReadingsSendsNoInsert() {
        // given
        String a = TestData.freshSeries("w");
        List<Reading> batch = List.of(reading(a, 0, 1), reading(a, 1, 2));
        try (MongoTimeSeriesReadingStore store = openListened()) {
            store.store(batch);
            long inserts = readingInserts();

            // when: the batch is retried
            StoreResult retried = store.store(batch);

            // then
            assertThat(retried).isEqualTo(new StoreResult(0, 2));
            assertThat(readingInserts()).isEqualTo(inserts);
        }
    }

    @Test
    void retryAfterAPartlyInsertedBatchStoresNothingTwice() {
        // given: half of a batch got in before a failure (inserted behind the store's back)
        String a = TestData.freshSeries("w");
        List<Reading> batch = List.of(reading(a, 0, 1), reading(a, 1, 2), reading(a, 2, 3), reading(a, 3, 4));
        MongoTimeSeriesSettings settings = lane.freshSettings("write").withTags(false); // raw documents of the series-only metaField
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            TestData.collection(client, settings).insertMany(List.of(
                    ReadingDocuments.toDocument(batch.get(0)), ReadingDocuments.toDocument(batch.get(2))));

            // when: the whole batch is retried
            StoreResult result = store.store(batch);

            // then
            assertThat(result).isEqualTo(new StoreResult(2, 2));
            assertThat(TestData.collection(client, settings).countDocuments()).isEqualTo(4);
        }
    }

    @Test
    void insertManyIsUnorderedAndSortedBySeriesThenTime() {
        // given
        String a = "a-" + TestData.freshSeries("w");
        String b = "b-" + TestData.freshSeries("w");
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(lane.freshSettings("write").withTags(false),
                BucketPolicy.defaults(), RetentionPolicy.defaults(), sent)) {
            // when
            store.store(List.of(reading(b, 5, 1), reading(a, 9, 2), reading(b, 1, 3), reading(a, 2, 4)));

            // then
            BsonDocument insert = sent.named("insert").stream().filter(WriteTest::insertsReadings).findFirst().orElseThrow();
            assertThat(insert.getBoolean("ordered").getValue()).isFalse();
            assertThat(insert.getArray("documents")).extracting(WriteTest::identity)
                    .containsExactly(a + "@2", a + "@9", b + "@1", b + "@5");
        }
    }

    @Test
    void writeMetricsCountCommandsStatementsBatchesAndWindows() {
        // given
        String a = TestData.freshSeries("w");
        try (MongoTimeSeriesReadingStore store = open()) {
            // when: two batches, the second all duplicates; three readings in two hourly windows
            store.store(List.of(reading(a, 0, 1), reading(a, 60, 2), reading(a, 3_600, 3)));
            store.store(List.of(reading(a, 0, 1)));

            // then: one insert of readings; each batch claims its series' lease (an insert) and releases it (a delete)
            assertThat(store.writeMetrics()).isEqualTo(new WriteMetrics(5, 7, 2, 2));
        }
    }

    private MongoTimeSeriesReadingStore openListened() {
        return MongoTimeSeriesReadingStore.open(lane.freshSettings("write"), BucketPolicy.defaults(), RetentionPolicy.defaults(), sent);
    }

    /** Insert commands of readings sent so far (not of the layout record or the series' leases). */
    private long readingInserts() {
        return sent.named("insert").stream().filter(WriteTest::insertsReadings).count();
    }

    private static boolean insertsReadings(BsonDocument command) {
        String target = command.getString("insert").getValue();
        return !target.equals(LayoutDocuments.COLLECTION) && !target.endsWith(".series_leases");
    }

    private MongoTimeSeriesReadingStore open() {
        return TestData.open(lane.freshSettings("write"));
    }

    private static TimeRange range() {
        return TimeRange.of(TestData.BASE, TestData.BASE.plusSeconds(86_400));
    }

    private static String identity(BsonValue document) {
        BsonDocument d = document.asDocument();
        return d.getString("series").getValue() + "@" + (d.getDateTime("t").getValue() - TestData.BASE.toEpochMilli()) / 1000;
    }
}
