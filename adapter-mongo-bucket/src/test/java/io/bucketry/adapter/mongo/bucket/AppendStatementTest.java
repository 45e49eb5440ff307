package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Readings after a bucket's last are pushed without $sort (the oplog then carries only them); late ones keep it. */
class AppendStatementTest {

    private static final SeriesId SERIES = new SeriesId("s");
    private static final List<Reading> READINGS = List.of(TestData.value(SERIES, minute(3), 3), TestData.value(SERIES, minute(4), 4));

    @Test
    void anAppendingStatementPushesWithoutSortAndFiltersOnLast() {
        Placement placement = new Placement(SERIES, minute(0).toEpochMilli(), 0, READINGS, false, true);

        BsonDocument filter = BucketUpdate.filter(placement, BucketPolicy.defaults(), placement.bytes());
        BsonDocument push = BucketUpdate.update(placement, BucketPolicy.defaults(), placement.bytes()).getDocument("$push");

        assertThat(filter.getDocument("last").getDateTime("$lt").getValue()).isEqualTo(minute(3).toEpochMilli());
        assertThat(filter.containsKey("readings.t")).isFalse();
        assertThat(push.getDocument("readings").keySet()).containsExactly("$each");
    }

    @Test
    void aLateStatementSortsInPlaceAndFiltersOnItsTimes() {
        Placement placement = new Placement(SERIES, minute(0).toEpochMilli(), 0, READINGS, false, false);

        BsonDocument filter = BucketUpdate.filter(placement, BucketPolicy.defaults(), placement.bytes());
        BsonDocument push = BucketUpdate.update(placement, BucketPolicy.defaults(), placement.bytes()).getDocument("$push");

        assertThat(filter.getDocument("readings.t").getArray("$nin")).hasSize(2);
        assertThat(filter.containsKey("last")).isFalse();
        assertThat(push.getDocument("readings").getDocument("$sort")).isEqualTo(BsonDocument.parse("{t: 1}"));
    }

    @Test
    void theOplogEntryOfAnAppendCarriesTheNewReadingsNotTheWholeArray() {
        MongoLane.assumeRealServer("the embedded server has no oplog");
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults());
             MongoClient client = MongoClients.create(settings.uri())) {
            assumeTrue(client.listDatabaseNames().into(new java.util.ArrayList<>()).contains("local"),
                    "the server is not a replica set member: it has no oplog to look at");
            // given: a bucket of 50 readings
            SeriesId series = TestData.freshSeries("oplog");
            List<Reading> readings = TestData.every(series, minute(0), Duration.ofSeconds(30), 51);
            store.store(readings.subList(0, 50));
            int arrayBytes = store.collection().withDocumentClass(RawBsonDocument.class).find(Filters.eq("series", series.value()))
                    .first().getArray("readings").asArray().size() * 30; // at least 30 bytes per element

            // when: one more reading after them
            store.store(readings.subList(50, 51));

            // then: the update's oplog entry is far smaller than the array it grew
            RawBsonDocument entry = client.getDatabase("local").getCollection("oplog.rs", RawBsonDocument.class)
                    .find(Filters.and(Filters.eq("ns", settings.database() + "." + settings.collection()), Filters.eq("op", "u")))
                    .sort(Sorts.descending("$natural")).first();
            assertThat(entry).isNotNull();
            assertThat(entry.getByteBuffer().remaining()).isLessThan(arrayBytes / 2);
        }
    }
}
