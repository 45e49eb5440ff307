package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The lastpoint query is a range on series and a $sort + $group on the unique index: never a pattern, never a collection scan. */
class LastpointsTest {

    @Test
    void thePipelineSortsByTheIndexKeysBackwardsAndKeepsTheFirstBucketOfEachSeries() {
        List<Bson> pipeline = Lastpoints.pipeline("s.", SeriesId.of("s.1"), 11, 0, false);

        assertThat(pipeline.get(0).toBsonDocument().toJson()).contains("\"$gte\": \"s.\"").contains("\"$lt\": \"s.{\"")
                .contains("\"$gt\": \"s.1\"").doesNotContain("$regex");
        assertThat(pipeline.get(1).toBsonDocument().toJson())
                .isEqualTo("{\"$sort\": {\"series\": -1, \"start\": -1, \"seq\": -1}}");
        assertThat(pipeline.get(2).toBsonDocument().getDocument("$group").values())
                .allSatisfy(value -> assertThat(value.isString() || value.asDocument().containsKey("$first")).isTrue());
        assertThat(pipeline).extracting(stage -> stage.toBsonDocument().toJson()).contains("{\"$limit\": 11}");
    }

    @Test
    void onARealServerTheLastpointsReadTheIndexNotEveryBucket() {
        MongoLane.assumeRealServer("the embedded server cannot explain an aggregation");
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults());
             MongoClient client = MongoClients.create(settings.uri())) {
            store.store(TestData.every(TestData.freshSeries("lp"), TestData.BASE, Duration.ofMinutes(1), 200));
            MongoCollection<BsonDocument> buckets = client.getDatabase(settings.database())
                    .getCollection(settings.collection(), BsonDocument.class);

            String plan = buckets.aggregate(Lastpoints.pipeline("", null, 10, 0, false)).explain().toJson();

            assertThat(plan).doesNotContain("COLLSCAN").containsAnyOf("DISTINCT_SCAN", "IXSCAN");
        }
    }
}
