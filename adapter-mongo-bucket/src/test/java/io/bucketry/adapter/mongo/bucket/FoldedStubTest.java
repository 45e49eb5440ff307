package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.BitSet;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The stub a fold leaves at a folded document's key ({@link FoldedStub}): its shape, and that the
 * upsert of a new seq (a delta, a rollover) planned before the fold meets it with E11000 and inserts nothing.
 */
class FoldedStubTest {

    private static final BucketPolicy POLICY = BucketPolicy.windowed(Duration.ofHours(1), 3);

    @Test
    void aStubKeepsTheKeyAndNothingAWriterOrAReaderMatches() {
        SeriesId series = new SeriesId("s");
        StoredBucket source = new StoredBucket(new BsonObjectId(new ObjectId()), series, minute(0).toEpochMilli(), 2, 3, 99,
                minute(1).toEpochMilli(), minute(2).toEpochMilli(), null, null, null, false, null);

        BsonDocument stub = FoldedStub.of(source);

        assertThat(stub).as("no _id (a replacement keeps the source's), no count, bytes, first, last or readings")
                .isEqualTo(BsonDocument.parse("{series: 's', start: {$date: " + minute(0).toEpochMilli() + "}, seq: 2,"
                        + " unsealed: 'folded'}"));
        assertThat(FoldedStub.NOT_STUB.toBsonDocument()).isEqualTo(BsonDocument.parse("{unsealed: {$ne: 'folded'}}"));
        assertThat(FoldedStub.is(stub)).isTrue();
        StoredBucket read = StoredBucket.from(stub.append(BucketFields.ID, source.id()));
        assertThat(read.folded()).isTrue();
        assertThat(read.times()).isEmpty();
        assertThat(PlannedBucket.stored(read, null).isClosed(POLICY)).as("a planner sees no room in it").isTrue();
    }

    @Test
    void theServerRefusesANewSeqUpsertAtAStubWithDuplicateKeyAndInsertsNothing() {
        // runs in every lane: the embedded fake enforces the unique index as a real server does
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings(), POLICY, RetentionPolicy.defaults())) {
            assertRefusedAtTheStub(store);
        }
    }

    @Test
    void aRealServerRefusesANewSeqUpsertAtAStubWithDuplicateKey() {
        MongoLane.assumeRealServer("checks that a real server 5.0-8.0 answers E11000 (no upsert retry: the filter has ranges)");
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings(), POLICY, RetentionPolicy.defaults())) {
            assertRefusedAtTheStub(store);
        }
    }

    @Test
    void aFoldedWindowsStubsGoWithItsEvictionWhichCountsOnlyItsBucket() {
        MutableClock clock = new MutableClock(TestData.BASE.plus(Duration.ofHours(2)));
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings()
                .withLayout(DocumentLayout.SEALED, Duration.ZERO), POLICY, RetentionPolicy.defaults(), clock, false)) {
            // given: a window of four row documents folded into one sealed document and three stubs
            SeriesId series = TestData.freshSeries("evict");
            store.store(TestData.every(series, TestData.BASE, Duration.ofMinutes(5), 10));
            store.seal();
            assertThat(TestData.stubSeqs(store, series)).containsExactly(0, 1, 2);

            // when
            long evicted = store.evictBefore(TestData.BASE.plus(Duration.ofHours(1)));

            // then: one bucket reported, and nothing of the window left
            assertThat(evicted).isEqualTo(1);
            assertThat(store.collection().countDocuments(Filters.eq(BucketFields.SERIES, series.value()))).isZero();
        }
    }

    private static void assertRefusedAtTheStub(MongoBucketReadingStore store) {
        // given: a row document at seq 1, replaced by its stub as a fold does
        SeriesId series = TestData.freshSeries("stub");
        MongoCollection<BsonDocument> buckets = store.collection();
        Placement created = new Placement(series, minute(0).toEpochMilli(), 1, List.of(TestData.value(series, minute(1), 1)),
                false, true);
        buckets.bulkWrite(List.of(BucketUpdate.of(created, POLICY, true)));
        StoredBucket source = StoredBucket.from(buckets.find(Filters.eq(BucketFields.SERIES, series.value())).first());
        assertThat(buckets.replaceOne(Filters.eq(BucketFields.ID, source.id()), FoldedStub.of(source)).getModifiedCount()).isEqualTo(1);

        // when: a writer that saw no seq 1 when it planned upserts a delta there
        Placement stale = new Placement(series, minute(0).toEpochMilli(), 1, List.of(TestData.value(series, minute(1), 1)),
                false, true);
        MongoBulkWriteException refused = catchThrowableOfType(MongoBulkWriteException.class,
                () -> buckets.bulkWrite(List.of(BucketUpdate.of(stale, POLICY, true)), new BulkWriteOptions().ordered(false)));

        // then: E11000, a conflict the writer re-plans, and the stub alone at the key
        assertThat(refused).isNotNull();
        assertThat(refused.getWriteErrors()).singleElement()
                .satisfies(error -> assertThat(error.getCode()).isEqualTo(BucketWriter.DUPLICATE_KEY));
        assertThat(BucketWriter.conflicts(refused, new BitSet()).cardinality()).isEqualTo(1);
        List<BsonDocument> documents = buckets.find(Filters.eq(BucketFields.SERIES, series.value())).into(new java.util.ArrayList<>());
        assertThat(documents).singleElement().satisfies(document -> assertThat(FoldedStub.is(document)).isTrue());
        assertThat(documents.get(0).get(BucketFields.ID)).isEqualTo(source.id());
    }
}
