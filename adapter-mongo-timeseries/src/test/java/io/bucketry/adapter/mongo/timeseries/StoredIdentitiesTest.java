package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandSucceededEvent;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static io.bucketry.adapter.mongo.timeseries.TestData.BASE;
import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** The duplicate check reads only the spans of each series' time clusters, not the batch's whole span. */
class StoredIdentitiesTest {

    private static final long T = BASE.toEpochMilli();

    @Test
    void orIsUsedOnPlainCollectionsAndOnTimeSeriesFrom60Only() {
        assertThat(StoredIdentities.orPushedDown(layout("5.0.14", "5.0", false))).isFalse();
        assertThat(StoredIdentities.orPushedDown(layout("6.0.3", "5.0", false))).isFalse();
        assertThat(StoredIdentities.orPushedDown(layout("6.0.3", "6.0", false))).isTrue();
        assertThat(StoredIdentities.orPushedDown(layout("4.4.0", "4.4", true))).isTrue();
    }

    @Test
    void aBatchWithOneOldReadingDoesNotReadTheMonthsBetween() {
        // given: a series with a reading every hour for 200 hours
        String series = TestData.freshSeries("span");
        AtomicLong returned = new AtomicLong();
        CommandListener documentsReturned = new CommandListener() {
            @Override
            public void commandSucceeded(CommandSucceededEvent event) {
                BsonDocument cursor = event.getResponse().getDocument("cursor", null);
                if (cursor != null) {
                    String batch = cursor.containsKey("firstBatch") ? "firstBatch" : "nextBatch";
                    returned.addAndGet(cursor.getArray(batch, new BsonArray()).size());
                }
            }
        };
        try (MongoTimeSeriesReadingStore store = MongoTimeSeriesReadingStore.open(
                MongoTestLane.get().freshSettings("span"), BucketPolicy.defaults(), RetentionPolicy.defaults(),
                documentsReturned)) {
            List<Reading> hourly = new ArrayList<>();
            for (int hour = 0; hour < 200; hour++) {
                hourly.add(reading(series, hour * 3_600L, hour));
            }
            store.store(hourly);
            returned.set(0);

            // when: a batch resending the first and the last, and one new reading after them
            StoreResult result = store.store(List.of(reading(series, 0, 9), reading(series, 199 * 3_600L, 9),
                    reading(series, 199 * 3_600L + 60, 9)));

            // then: the two duplicates are found, reading only them, not the 198 readings between
            assertThat(result).isEqualTo(new StoreResult(1, 2));
            assertThat(returned.get()).isEqualTo(2);
        }
    }

    @Test
    void groupedAndExactSpansFindTheSameStoredIdentities() {
        // given: stored readings of three series over two days, and candidates near and far from them
        MongoTimeSeriesSettings settings = MongoTestLane.get().freshSettings("span").withTags(false);
        List<String> series = List.of(TestData.freshSeries("span"), TestData.freshSeries("span"), TestData.freshSeries("span"));
        List<Reading> readings = new ArrayList<>();
        List<Identity> candidates = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String s = series.get(i % 3);
            readings.add(reading(s, i * 2_700L, i));
            candidates.add(new Identity(s, BASE.plusSeconds(i * 2_700L + (i % 4 == 0 ? 0 : 1)).toEpochMilli()));
        }
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            store.store(readings);
            var collection = TestData.collection(client, settings);

            // when
            var exact = StoredIdentities.among(collection, candidates, true);
            var grouped = StoredIdentities.among(collection, candidates, false);

            // then: the candidates at a stored time (every fourth) and no other
            assertThat(exact).hasSize(15).isEqualTo(grouped)
                    .allSatisfy(identity -> assertThat((identity.time() - T) % 1_000).isZero());
        }
    }

    private static StoreLayout layout(String binary, String fcv, boolean fallback) {
        return new StoreLayout(null, ServerFeaturesTest.features(binary, fcv), fallback, List.of(), MetaField.SERIES);
    }
}
