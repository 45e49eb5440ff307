package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What only a real server shows of sub-window summaries (skipped in the embedded lane): late readings
 * kept in place by $min/$max of {t, v} documents as the server compares them, and an appending write
 * still logging only what it adds. {@link SubWindowWritesTest} runs in every lane as well.
 */
class SubWindowRealServerTest {

    @Test
    void aRealServerKeepsTheEarliestFirstAndTheLatestLastByTimeWhateverTheValues() {
        MongoLane.assumeRealServer("checks the $min/$max of {t, v} documents on a real server's BSON comparison");
        try (MongoBucketReadingStore store = TestData.store(SubWindowDocs.HOURLY_5M)) {
            // given: a sub-window's middle reading, then a later one with a smaller value and an earlier one with a larger
            SeriesId series = TestData.freshSeries("real");
            store.store(List.of(TestData.value(series, TestData.BASE.plusSeconds(100), 5)));
            store.store(List.of(TestData.value(series, TestData.BASE.plusSeconds(200), 1)));
            store.store(List.of(TestData.value(series, TestData.BASE.plusSeconds(10), 9)));

            // then
            BsonDocument field = TestData.documents(store, Filters.eq("series", series.value())).get(0)
                    .getDocument("subs").getDocument("0").getDocument("f").getDocument("value");
            assertThat(field.getDocument("f")).isEqualTo(BsonDocument.parse("{t: 10000, v: 9.0}"));
            assertThat(field.getDocument("l")).isEqualTo(BsonDocument.parse("{t: 200000, v: 1.0}"));
            assertThat(field.getNumber("c").intValue()).isEqualTo(3);
        }
    }

    @Test
    void theOplogEntryOfAnAppendWithSubWindowsCarriesWhatItAddsNotTheWholeBucket() {
        MongoLane.assumeRealServer("the embedded server has no oplog");
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, SubWindowDocs.HOURLY_5M, RetentionPolicy.defaults());
             MongoClient client = MongoClients.create(settings.uri())) {
            assumeTrue(client.listDatabaseNames().into(new ArrayList<>()).contains("local"),
                    "the server is not a replica set member: it has no oplog to look at");
            // given: a bucket of 50 sensor readings over 50 minutes
            SeriesId series = TestData.freshSeries("oplog");
            List<Reading> readings = new ArrayList<>();
            for (int i = 0; i < 51; i++) {
                readings.add(TestData.sensor(series, minute(i), 20 + i * 0.1));
            }
            store.store(readings.subList(0, 50));
            int bucketBytes = store.collection().withDocumentClass(RawBsonDocument.class)
                    .find(Filters.eq("series", series.value())).first().getByteBuffer().remaining();

            // when: one more reading after them
            store.store(readings.subList(50, 51));

            // then: the update's oplog entry is a small part of the bucket
            RawBsonDocument entry = client.getDatabase("local").getCollection("oplog.rs", RawBsonDocument.class)
                    .find(Filters.and(Filters.eq("ns", settings.database() + "." + settings.collection()), Filters.eq("op", "u")))
                    .sort(Sorts.descending("$natural")).first();
            assertThat(entry).isNotNull();
            assertThat(entry.getByteBuffer().remaining()).isLessThan(bucketBytes / 4);
        }
    }
}
