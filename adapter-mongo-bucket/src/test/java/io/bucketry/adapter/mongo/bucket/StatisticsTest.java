package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Aggregates;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StatisticsTest {

    @Test
    void averageBucketSizeIsTheMeasuredBsonSizeOfTheStoredDocuments() {
        // given: two series of seed sensors, an hour each
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            store.store(sensorHour(TestData.freshSeries("st")));
            store.store(sensorHour(TestData.freshSeries("st")));

            // when
            StorageStatistics statistics = store.statistics();

            // then: equal to the documents re-encoded independently
            long bytes = 0;
            List<BsonDocument> documents = store.collection().find().into(new ArrayList<>());
            for (BsonDocument document : documents) {
                bytes += new RawBsonDocument(document, new BsonDocumentCodec()).getByteBuffer().remaining();
            }
            assertThat(statistics.avgBucketBytes()).isCloseTo((double) bytes / documents.size(), within(1e-9));
            assertThat(statistics.note()).contains("BSON").contains("all 2")
                    .contains(MongoLane.isEmbedded() ? "client-side (this server has no $bsonSize)" : "measured by the server");
            assertThat(statistics.documentReduction()).isEqualTo(60.0);
            System.out.printf("[bucketry] seed sensor, 60 readings per hourly bucket: %.1f bytes per bucket,"
                    + " %.1f bytes per reading%n", statistics.avgBucketBytes(), statistics.avgBucketBytes() / 60);
        }
    }

    @Test
    void averageBucketSizeAgreesWithTheServersBsonSize() {
        MongoLane.assumeRealServer("the embedded mongo-java-server has no $bsonSize; a real server checks it");
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            store.store(sensorHour(TestData.freshSeries("st")));

            // when
            BsonDocument server = store.collection().aggregate(List.of(
                    Aggregates.project(BsonDocument.parse("{size: {$bsonSize: '$$ROOT'}}")))).first();

            // then
            assertThat(store.statistics().avgBucketBytes()).isEqualTo(server.getNumber("size").doubleValue());
        }
    }

    @Test
    void aRealServerMeasuresTheSizesItselfInTheOneAggregation() {
        MongoLane.assumeRealServer("the embedded mongo-java-server has no $bsonSize, so sizes are measured client-side there");
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            store.store(sensorHour(TestData.freshSeries("st")));
            Counts before = Counts.of(store);

            StorageStatistics statistics = store.statistics();

            assertThat(Counts.of(store).since(before).reads()).as("one aggregate, no find of the buckets").isEqualTo(1);
            assertThat(statistics.note()).contains("measured by the server ($bsonSize)");
        }
    }

    @Test
    void theEmbeddedServerFallsBackToTheClientSideMeasureOnceAndSaysSo() {
        org.junit.jupiter.api.Assumptions.assumeTrue(MongoLane.isEmbedded(), "only the embedded server lacks $bsonSize");
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            store.store(sensorHour(TestData.freshSeries("st")));
            store.statistics();
            Counts before = Counts.of(store);

            StorageStatistics statistics = store.statistics();

            assertThat(Counts.of(store).since(before).reads()).as("the aggregate without sizes and the find").isEqualTo(2);
            assertThat(statistics.avgBucketBytes()).isPositive();
            assertThat(statistics.note()).contains("client-side (this server has no $bsonSize)");
        }
    }

    @Test
    void theServerSidePipelineSumsTheBsonSizeOfEveryBucket() {
        assertThat(StatisticsReader.pipeline(true).get(0).toBsonDocument().toJson()).contains("{\"$bsonSize\": \"$$ROOT\"}");
        assertThat(StatisticsReader.pipeline(false).get(0).toBsonDocument().toJson()).doesNotContain("$bsonSize");
    }

    private static List<Reading> sensorHour(SeriesId series) {
        List<Reading> readings = new ArrayList<>();
        for (int m = 0; m < 60; m++) {
            readings.add(TestData.sensor(series, minute(m), 20 + m / 10.0));
        }
        return readings;
    }
}
