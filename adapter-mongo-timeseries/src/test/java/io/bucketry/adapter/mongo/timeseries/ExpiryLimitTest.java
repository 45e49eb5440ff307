package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** A retention the server cannot take as expireAfterSeconds starts without expiry, with a warning saying so. */
class ExpiryLimitTest {

    @Test
    void aHundredYearRetentionStartsWithoutAnExpiryIndexAndWarns() {
        // given: 36,500 days, more than 2^31-1 seconds (createIndexes would fail with it)
        MongoTimeSeriesSettings settings = MongoTestLane.get().freshSettings("expiry");
        String series = TestData.freshSeries("expiry");

        // when
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(),
                RetentionPolicy.of(Duration.ofDays(36_500))); MongoClient client = TestData.client()) {
            store.store(List.of(reading(series, 0, 1)));

            // then
            assertThat(store.startWarnings()).anyMatch(w -> w.contains("no expiry") && w.contains("36500 days"));
            List<Document> indexes = TestData.collection(client, settings).listIndexes().into(new ArrayList<>());
            assertThat(indexes).noneMatch(index -> index.containsKey("expireAfterSeconds"));
            assertThat(store.statistics().readings()).isEqualTo(1);
        }
    }
}
