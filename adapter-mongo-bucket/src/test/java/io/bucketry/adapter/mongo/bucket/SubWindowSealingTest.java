package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SubWindows;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Sealing carries the sub-window summaries into the sealed document: as stored in place, from the readings in a fold. */
class SubWindowSealingTest {

    private final MutableClock clock = new MutableClock(TestData.BASE);

    @Test
    void aWindowSealedInPlaceKeepsItsSummariesAsStored() {
        try (MongoBucketReadingStore store = open(SubWindowDocs.HOURLY_5M)) {
            // given: one row document (readings with fractions, whose sums depend on the order they are added in)
            SeriesId series = TestData.freshSeries("seal");
            List<Reading> readings = TestData.every(series, TestData.BASE, Duration.ofSeconds(70), 50).stream()
                    .map(r -> TestData.sensor(series, r.time(), r.fields().number("value") * 0.1)).toList();
            store.store(readings.subList(25, 50));
            store.store(readings.subList(0, 25));
            BsonDocument rows = only(store, series);

            // when
            clock.set(TestData.BASE.plus(Duration.ofHours(2)));
            assertThat(store.seal()).isEqualTo(1);

            // then: the sealed document's summaries are the row document's, bit for bit
            BsonDocument sealed = only(store, series);
            assertThat(sealed.containsKey("cols")).isTrue();
            assertThat(sealed.getDocument("subs")).isEqualTo(rows.getDocument("subs"));
        }
    }

    @Test
    void aFoldedWindowGetsTheSummariesOfAllItsReadingsOnce() {
        BucketPolicy.Windowed policy = BucketPolicy.windowed(Duration.ofHours(1), 10).withSubWindows(SubWindows.every(Duration.ofMinutes(10)));
        SubWindowFields shape = SubWindowFields.of(policy);
        try (MongoBucketReadingStore store = open(policy)) {
            // given: a window in three row documents (overflow)
            SeriesId series = TestData.freshSeries("fold");
            List<Reading> readings = TestData.every(series, TestData.BASE, Duration.ofSeconds(100), 30);
            store.store(readings);
            assertThat(TestData.documents(store, Filters.eq("series", series.value()))).hasSize(3);

            // when
            clock.set(TestData.BASE.plus(Duration.ofHours(2)));
            store.seal();

            // then: one sealed document whose summaries are those of the 30 readings
            BsonDocument sealed = only(store, series);
            assertThat(sealed.getDocument("subs").getNumber(shape.total()).intValue()).isEqualTo(30);
            assertThat(SubWindowDocs.parse(shape, TestData.BASE.toEpochMilli(), sealed.getDocument("subs")))
                    .isEqualTo(SubWindowDocs.parse(shape, TestData.BASE.toEpochMilli(), SubWindowUpdate.document(shape, readings)));
        }
    }

    private MongoBucketReadingStore open(BucketPolicy policy) {
        return MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, Duration.ZERO), policy,
                RetentionPolicy.defaults(), clock, false);
    }

    private static BsonDocument only(MongoBucketReadingStore store, SeriesId series) {
        List<BsonDocument> documents = TestData.documents(store, Filters.eq("series", series.value()));
        assertThat(documents).hasSize(1);
        return documents.get(0);
    }
}
