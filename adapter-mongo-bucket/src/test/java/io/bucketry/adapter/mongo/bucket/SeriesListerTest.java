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

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The listing is a range on series, served by the unique index: never a pattern, never a collection scan. */
class SeriesListerTest {

    @Test
    void thePipelineMatchesARangeOfIdsWithNoPattern() {
        List<Bson> pipeline = SeriesLister.pipeline("s.", SeriesId.of("s.1"), 11);

        String match = pipeline.get(0).toBsonDocument().toJson();
        assertThat(match).contains("\"$gte\": \"s.\"").contains("\"$lt\": \"s.{\"").contains("\"$gt\": \"s.1\"")
                .doesNotContain("$regex");
        assertThat(pipeline.get(pipeline.size() - 1).toBsonDocument().toJson()).isEqualTo("{\"$limit\": 11}");
    }

    @Test
    void onARealServerTheListingReadsTheIndexNotTheBuckets() {
        MongoLane.assumeRealServer("the embedded server cannot explain an aggregation");
        MongoBucketSettings settings = MongoLane.freshSettings();
        try (MongoBucketReadingStore store = MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults());
             MongoClient client = MongoClients.create(settings.uri())) {
            store.store(TestData.every(TestData.freshSeries("ix"), TestData.BASE, java.time.Duration.ofMinutes(1), 10));
            MongoCollection<BsonDocument> buckets = client.getDatabase(settings.database())
                    .getCollection(settings.collection(), BsonDocument.class);

            String plan = buckets.aggregate(SeriesLister.pipeline("", null, 10)).explain().toJson();

            assertThat(plan).doesNotContain("COLLSCAN").containsAnyOf("DISTINCT_SCAN", "IXSCAN");
        }
    }
}
