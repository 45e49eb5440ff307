package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Date;
import java.util.List;

import static io.bucketry.adapter.mongo.timeseries.TestData.BASE;
import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * After two writers raced on the same reading both copies are stored (no unique index on a
 * time-series collection); every read path returns one — the copy with the lowest _id.
 */
class ReadSideDeduplicationTest {

    private static final TimeRange DAY = TimeRange.of(BASE, BASE.plus(Duration.ofDays(1)));

    private final MongoTestLane lane = MongoTestLane.get();

    @Test
    void noQueryReturnsARacedReadingTwiceAndAggregatesCountItOnce() {
        // given: readings at 0, 60 and 120 s; the one at 60 s also stored by a "racing writer",
        // once with a higher _id (loses) and once with a lower one (wins)
        String series = TestData.freshSeries("race");
        SeriesId id = new SeriesId(series);
        MongoTimeSeriesSettings settings = lane.freshSettings("race").withTags(false); // raw documents of the series-only metaField
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            store.store(List.of(reading(series, 0, 1), reading(series, 60, 2), reading(series, 120, 3)));
            var collection = TestData.collection(client, settings);
            collection.insertOne(racer(series, 60, 50, new ObjectId(new Date(BASE.toEpochMilli() + 86_400_000L))));
            collection.insertOne(racer(series, 60, 20, new ObjectId(new Date(0))));
            Reading winner = reading(series, 60, 20);

            // when / then: every read path
            assertThat(collection.countDocuments()).isEqualTo(5);
            assertThat(store.read(id, DAY, 100)).containsExactly(reading(series, 0, 1), winner, reading(series, 120, 3));
            assertThat(store.read(id, DAY, 2)).containsExactly(reading(series, 0, 1), winner);
            assertThat(store.latest(id, BASE)).contains(reading(series, 120, 3));
            assertThat(store.read(id, TimeRange.of(BASE.plusSeconds(60), BASE.plusSeconds(61)), 5)).containsExactly(winner);
            assertThat(store.page(id, 1, 2, BASE)).containsExactly(reading(series, 0, 1), winner);
            assertThat(store.page(id, 2, 2, BASE)).containsExactly(reading(series, 120, 3));
            assertThat(store.page(id, 3, 2, BASE)).isEmpty();

            List<WindowAggregate> windows = store.aggregate(id, DAY, Duration.ofMinutes(5));
            assertThat(windows).hasSize(1);
            assertThat(windows.get(0).count()).isEqualTo(3);
            assertThat(windows.get(0).fields().get("value")).isEqualTo(new FieldAggregate(3, 1, 20, 24, 1, 3));
            assertThat(store.aggregateAll(DAY, Duration.ofMinutes(5), 10))
                    .filteredOn(w -> w.series().equals(id)).containsExactlyElementsOf(windows);
        }
    }

    @Test
    void latestPicksTheWinnerAmongCopiesOfTheNewestReading() {
        // given
        String series = TestData.freshSeries("race");
        MongoTimeSeriesSettings settings = lane.freshSettings("race").withTags(false); // raw documents of the series-only metaField
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            store.store(List.of(reading(series, 0, 1), reading(series, 60, 2)));
            TestData.collection(client, settings).insertOne(racer(series, 60, 7, new ObjectId(new Date(0))));

            // when / then
            assertThat(store.latest(new SeriesId(series), BASE)).contains(reading(series, 60, 7));
        }
    }

    @Test
    void lastpointsPickTheWinnerAmongCopiesOfEachNewestReading() {
        // given: two series whose newest readings were also stored by a racing writer, once winning, once losing
        String prefix = TestData.freshSeries("lprace");
        String a = prefix + ".a";
        String b = prefix + ".b";
        MongoTimeSeriesSettings settings = lane.freshSettings("race").withTags(false); // raw documents of the series-only metaField
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            store.store(List.of(reading(a, 0, 1), reading(a, 60, 2), reading(b, 30, 3), reading(b, 90, 4)));
            var collection = TestData.collection(client, settings);
            collection.insertOne(racer(a, 60, 7, new ObjectId(new Date(0))));
            collection.insertOne(racer(b, 90, 8, new ObjectId(new Date(BASE.toEpochMilli() + 86_400_000L))));

            // when / then: a's newest is the racer's copy (lower _id), b's the first stored one
            assertThat(store.lastpoints(new SeriesSelection(prefix), null, 10, BASE))
                    .containsExactly(reading(a, 60, 7), reading(b, 90, 4));
        }
    }

    private static Document racer(String series, long seconds, double value, ObjectId id) {
        return new Document("_id", id).append("t", new Date(BASE.plusSeconds(seconds).toEpochMilli()))
                .append("series", series).append("value", value);
    }
}
