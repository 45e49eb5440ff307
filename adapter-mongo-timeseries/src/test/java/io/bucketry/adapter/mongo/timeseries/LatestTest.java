package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

import java.util.Date;
import java.util.List;

import static io.bucketry.adapter.mongo.timeseries.TestData.BASE;
import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** latest() lets the server bound its sort with a limit and still returns the winner among raced copies. */
class LatestTest {

    private final SentCommands sent = new SentCommands();
    private final String series = TestData.freshSeries("latest");
    private final MongoTimeSeriesSettings settings = MongoTestLane.get().freshSettings("latest").withTags(false); // raw documents of the series-only metaField

    @Test
    void latestSortsByTimeDescendingWithASmallLimit() {
        // given
        try (MongoTimeSeriesReadingStore store = open()) {
            store.store(List.of(reading(series, 0, 1), reading(series, 60, 2), reading(series, 120, 3)));
            sent.clear();

            // when
            var latest = store.latest(new SeriesId(series), BASE);

            // then: one find, sorted {t: -1} and limited on the server
            List<BsonDocument> finds = sent.named("find");
            assertThat(latest).contains(reading(series, 120, 3));
            assertThat(finds).hasSize(1);
            assertThat(finds.get(0).getDocument("sort")).isEqualTo(BsonDocument.parse("{t: -1}"));
            assertThat(finds.get(0).getInt32("limit").getValue()).isEqualTo(ReadingQueries.LATEST_PROBE);
        }
    }

    @Test
    void moreCopiesOfTheNewestTimeThanTheLimitAreAllReadAndTheLowestIdWins() {
        // given: three copies of the newest reading, the winner (lowest _id) inserted last
        try (MongoTimeSeriesReadingStore store = open()) {
            storeAt0And60Then(store, copy(60, 8, new ObjectId(new Date(BASE.toEpochMilli() + 86_400_000L))),
                    copy(60, 7, new ObjectId(new Date(0))));
            sent.clear();

            // when
            var latest = store.latest(new SeriesId(series), BASE);

            // then: the probe saw only copies, so all copies of that time were read by it
            List<BsonDocument> finds = sent.named("find");
            assertThat(latest).contains(reading(series, 60, 7));
            assertThat(finds).hasSize(2);
            assertThat(finds.get(1).getDocument("filter").toJson()).contains("\"t\": {\"$date\"");
        }
    }

    @Test
    void aNewestDocumentWithoutUsableFieldsIsPassedOver() {
        // given
        try (MongoTimeSeriesReadingStore store = open()) {
            storeAt0And60Then(store, new Document("t", new Date(BASE.plusSeconds(120).toEpochMilli()))
                    .append("series", series).append("not a field", 3));

            // when / then
            assertThat(store.latest(new SeriesId(series), BASE)).contains(reading(series, 60, 2));
            assertThat(store.latest(new SeriesId(series), BASE.plusSeconds(61))).isEmpty();
        }
    }

    private MongoTimeSeriesReadingStore open() {
        return MongoTimeSeriesReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults(), sent);
    }

    /** Readings at 0 and 60 s through the store, then documents inserted behind its back. */
    private void storeAt0And60Then(MongoTimeSeriesReadingStore store, Document... behindItsBack) {
        store.store(List.of(reading(series, 0, 1), reading(series, 60, 2)));
        try (MongoClient client = TestData.client()) {
            TestData.collection(client, settings).insertMany(List.of(behindItsBack));
        }
    }

    private Document copy(long seconds, double value, ObjectId id) {
        return new Document("_id", id).append("t", new Date(BASE.plusSeconds(seconds).toEpochMilli()))
                .append("series", series).append("value", value);
    }
}
