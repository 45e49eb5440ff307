package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoClientSettings;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandSucceededEvent;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static io.bucketry.adapter.mongo.timeseries.TestData.BASE;
import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** The duplicate check reads only the spans of each series' time clusters, not the batch's whole span. */
class StoredIdentitiesTest {

    private static final long MINUTE = 60_000L;
    private static final long T = BASE.toEpochMilli();

    @Test
    void anOldReadingAddsAShortSpanOfItsOwnAndSeriesWithTheSameSpanShareABranch() {
        // given: series a has one reading 90 days back; a and b both have readings at T and T + 5 min
        long old = T - Duration.ofDays(90).toMillis();
        List<Identity> batch = List.of(new Identity("a", T), new Identity("a", old), new Identity("b", T + 5 * MINUTE),
                new Identity("a", T + 5 * MINUTE), new Identity("b", T));

        // when
        List<Bson> filters = StoredIdentities.filters(batch);

        // then
        assertThat(filters).hasSize(1);
        assertThat(render(filters.get(0))).isEqualTo(render(new Document("$or", List.of(
                branch(old, old, new Document("series", "a")),
                branch(T, T + 5 * MINUTE, new Document("series", new Document("$in", List.of("a", "b"))))))));
    }

    @Test
    void timesMoreThanAnHourApartAreSeparateClustersAndCloserOnesOne() {
        long gap = StoredIdentities.CLUSTER_GAP_MILLIS;
        List<Identity> batch = List.of(new Identity("a", T), new Identity("a", T + gap), new Identity("a", T + 2 * gap + 1));

        assertThat(render(StoredIdentities.filters(batch).get(0))).isEqualTo(render(new Document("$or", List.of(
                branch(T, T + gap, new Document("series", "a")),
                branch(T + 2 * gap + 1, T + 2 * gap + 1, new Document("series", "a"))))));
        assertThat(render(StoredIdentities.filters(List.of(new Identity("a", T))).get(0)))
                .isEqualTo(render(branch(T, T, new Document("series", "a"))));
    }

    @Test
    void aBatchWithMoreSpansThanOneOrMayHoldIsCheckedWithSeveralQueries() {
        List<Identity> batch = new ArrayList<>();
        for (int i = 0; i < StoredIdentities.MAX_BRANCHES + 1; i++) {
            batch.add(new Identity("s", T + i * 2 * StoredIdentities.CLUSTER_GAP_MILLIS));
        }
        List<Bson> filters = StoredIdentities.filters(batch);

        assertThat(filters).hasSize(2);
        assertThat(render(filters.get(0)).getArray("$or")).hasSize(StoredIdentities.MAX_BRANCHES);
        assertThat(render(filters.get(1)).containsKey("$or")).isFalse();
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

    private static Document branch(long from, long to, Document series) {
        return new Document("$and", List.of(new Document("t", new Document("$gte", new Date(from))),
                new Document("t", new Document("$lte", new Date(to))), series));
    }

    private static BsonDocument render(Bson filter) {
        return filter.toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
    }
}
