package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.UpdateOneModel;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

import java.util.BitSet;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A statement for a bucket the planner read ({@link Placement#stored()}) applies to that document or
 * fails at its index, and never inserts: a bucket folded away, evicted or deleted is not created again.
 */
class StoredBucketStatementTest {

    private static final BucketPolicy POLICY = BucketPolicy.windowed(java.time.Duration.ofHours(1), 3);
    private static final BsonObjectId ID = new BsonObjectId(new ObjectId());

    @Test
    void aStatementForAStoredBucketNamesItsIdAndSetsOnInsertOnlyWhatTheServerRefuses() {
        SeriesId series = new SeriesId("s");
        Placement placement = new Placement(series, minute(0).toEpochMilli(), 1, List.of(TestData.value(series, minute(3), 3)),
                false, true, ID);

        UpdateOneModel<BsonDocument> statement = BucketUpdate.of(placement, POLICY, true);

        BsonDocument filter = statement.getFilter().toBsonDocument();
        assertThat(filter.get(BucketFields.ID)).isEqualTo(ID);
        assertThat(filter.getInt32(BucketFields.SEQ).getValue()).isEqualTo(1);
        assertThat(statement.getOptions().isUpsert()).isTrue();
        assertThat(statement.getUpdate().toBsonDocument().getDocument("$setOnInsert"))
                .as("nothing of the key and no unsealed mark: the insert can only fail")
                .isEqualTo(BsonDocument.parse("{'_id.gone': true}"));
    }

    @Test
    void aClosingStatementForAStoredBucketAlsoFailsWhenTheBucketIsGone() {
        SeriesId series = new SeriesId("s");
        Placement close = new Placement(series, minute(0).toEpochMilli(), 0, List.of(), true, true, ID);

        UpdateOneModel<BsonDocument> statement = BucketUpdate.of(close, POLICY, false);

        assertThat(statement.getFilter().toBsonDocument().get(BucketFields.ID)).isEqualTo(ID);
        assertThat(statement.getOptions().isUpsert()).isTrue();
        assertThat(statement.getUpdate().toBsonDocument().getDocument("$setOnInsert").containsKey(BucketUpdate.GONE)).isTrue();
    }

    @Test
    void aStatementForANewBucketStillCreatesIt() {
        SeriesId series = new SeriesId("s");
        Placement placement = new Placement(series, minute(0).toEpochMilli(), 0, List.of(TestData.value(series, minute(3), 3)),
                false, true);

        UpdateOneModel<BsonDocument> statement = BucketUpdate.of(placement, POLICY, false);

        assertThat(statement.getFilter().toBsonDocument().containsKey(BucketFields.ID)).isFalse();
        assertThat(statement.getUpdate().toBsonDocument().getDocument("$setOnInsert").keySet())
                .containsExactly(BucketFields.SERIES, BucketFields.START, BucketFields.SEQ);
    }

    @Test
    void theServerAppliesTheStatementToItsBucketAndRefusesItWhenTheBucketIsGoneInsertingNothing() {
        // runs in every lane: the embedded fake answers 28 (PathNotViable) as a real server does
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings(), POLICY, RetentionPolicy.defaults())) {
            assertAppliedThenRefused(store);
        }
    }

    @Test
    void aRealServerAppliesTheStatementToItsBucketAndRefusesItWhenTheBucketIsGone() {
        MongoLane.assumeRealServer("checks the codes a real server 5.0-8.0 answers (28 or 66); the embedded lane's answer is checked beside");
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(MongoLane.freshSettings(), POLICY, RetentionPolicy.defaults())) {
            assertAppliedThenRefused(store);
        }
    }

    private static void assertAppliedThenRefused(MongoBucketReadingStore store) {
        // given: a stored bucket, as a planner read it
        SeriesId series = TestData.freshSeries("gone");
        store.store(List.of(TestData.value(series, minute(0), 0)));
        MongoCollection<BsonDocument> buckets = store.collection();
        BsonDocument stored = buckets.find(Filters.eq(BucketFields.SERIES, series.value())).first();
        Reading next = TestData.value(series, minute(1), 1);
        Placement placement = new Placement(series, minute(0).toEpochMilli(), 0, List.of(next), false, true, stored.get(BucketFields.ID));

        // when: the bucket is there, the statement applies to it
        buckets.bulkWrite(List.of(BucketUpdate.of(placement, POLICY, false)));
        assertThat(buckets.find(Filters.eq(BucketFields.SERIES, series.value())).first().getInt32(BucketFields.COUNT).getValue())
                .isEqualTo(2);

        // when: the bucket is gone (folded away, evicted, deleted), the same statement fails at its index
        buckets.deleteMany(Filters.eq(BucketFields.SERIES, series.value()));
        Placement stale = new Placement(series, minute(0).toEpochMilli(), 0, List.of(TestData.value(series, minute(2), 2)),
                false, true, stored.get(BucketFields.ID));
        MongoBulkWriteException refused = catchThrowableOfType(MongoBulkWriteException.class,
                () -> buckets.bulkWrite(List.of(BucketUpdate.of(placement, POLICY, false), BucketUpdate.of(stale, POLICY, false)),
                        new com.mongodb.client.model.BulkWriteOptions().ordered(false)));

        // then: both refused as conflicts to re-plan, and nothing inserted
        assertThat(refused).isNotNull();
        BitSet stored01 = new BitSet();
        stored01.set(0, 2);
        assertThat(BucketWriter.conflicts(refused, stored01).cardinality()).isEqualTo(2);
        assertThat(buckets.countDocuments(Filters.eq(BucketFields.SERIES, series.value()))).isZero();
        assertThat(buckets.countDocuments()).isZero();
    }
}
