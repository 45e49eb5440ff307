package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.event.CommandListener;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;

/** The reads that decide a write go to the primary, whatever read preference the connection string sets. */
class PrimaryReadsTest {

    @Test
    void planningReadsUseThePrimaryWhenTheUriSaysSecondary() {
        MongoBucketSettings settings = MongoBucketSettings.of("mongodb://h1,h2/?readPreference=secondary");
        try (MongoClient client = MongoConnections.client(settings, "t", new CommandListener() { })) {
            var collection = client.getDatabase("d").getCollection("c", BsonDocument.class);
            assertThat(collection.getReadPreference()).isEqualTo(ReadPreference.secondary());

            assertThat(new BucketKnowledge(collection).collection().getReadPreference()).isEqualTo(ReadPreference.primary());
        }
    }

    @Test
    void resentDuplicatesAreRecognisedWhenTheUriSaysSecondary() {
        MongoLane.assumeRealServer("the embedded server is a standalone, where the driver ignores the read preference;"
                + " on a replica set a secondary read of the planner could miss the newest buckets or find no server");
        // given: a store whose connection string sends reads to secondaries
        MongoBucketSettings fresh = MongoLane.freshSettings();
        String uri = fresh.uri() + (fresh.uri().contains("?") ? "&" : "/?") + "readPreference=secondary";
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(
                new MongoBucketSettings(uri, fresh.database(), fresh.collection()), BucketPolicy.defaults(),
                RetentionPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("primary");
            List<Reading> readings = TestData.every(series, minute(0), Duration.ofMinutes(1), 10);
            store.store(readings);

            // when: the same batch comes again at once (the planner must read what was just written)
            StoreResult again = store.store(readings);

            // then
            assertThat(again).isEqualTo(new StoreResult(0, 10));
        }
    }
}
