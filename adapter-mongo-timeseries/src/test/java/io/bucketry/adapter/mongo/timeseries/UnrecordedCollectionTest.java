package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.bucketry.adapter.mongo.common.layout.LayoutGuard.Unrecorded;
import io.bucketry.domain.BucketPolicy;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** How a native collection without a layout record is checked against the configured width. */
class UnrecordedCollectionTest {

    @ParameterizedTest(name = "granularity {0}, span {1}, width {2}: fits {3}")
    @CsvSource(nullValues = "-", value = {
            "seconds, 3600, PT1H, true", "seconds, 3600, PT30M, true", "seconds, 3600, PT2H, false",
            "minutes, 86400, PT2H, true", "hours, 2592000, PT1H, false",
            "-, 3600, PT1H, true", "-, 3600, PT30M, false", "-, 1800, PT30M, true"})
    void nativeCollectionFitsTheWidthItsBucketingWasDerivedFrom(String granularity, Long span, Duration width, boolean fits) {
        // given: a collection that holds a document, described as native with these options
        try (MongoClient client = TestData.client()) {
            MongoDatabase database = client.getDatabase(MongoTestLane.DATABASE);
            String name = MongoTestLane.freshCollection("unrecorded");
            database.getCollection(name).insertOne(new Document("t", 1));
            CollectionInfo info = new CollectionInfo(name, CollectionInfo.TIME_SERIES, "t", "series", granularity, span, null);

            // when
            Unrecorded found = UnrecordedCollection.inspect(database, info, BucketPolicy.windowed(width, 1000));

            // then
            assertThat(found.holdsData()).isTrue();
            assertThat(found.mismatch() == null).as(String.valueOf(found.mismatch())).isEqualTo(fits);
        }
    }

    @Test
    void aTimeSeriesCollectionWithOtherFieldsDoesNotFit() {
        try (MongoClient client = TestData.client()) {
            MongoDatabase database = client.getDatabase(MongoTestLane.DATABASE);
            String name = MongoTestLane.freshCollection("unrecorded");
            database.getCollection(name).insertOne(new Document("time", 1));
            CollectionInfo info = new CollectionInfo(name, CollectionInfo.TIME_SERIES, "time", "meta", "seconds", 3600, null);

            assertThat(UnrecordedCollection.inspect(database, info, BucketPolicy.defaults()).mismatch())
                    .contains("timeField 'time' and metaField 'meta'");
        }
    }
}
