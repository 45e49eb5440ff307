package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static com.mongodb.client.model.Filters.eq;
import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static io.bucketry.adapter.mongo.bucket.TestData.value;
import static org.assertj.core.api.Assertions.assertThat;

class LateReadingsTest {

    private static final TimeRange ALL = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(2)));

    @Test
    void latestIsFoundInALowerSequenceWhenTheHighestHoldsOnlyLateReadings() {
        // given: a full bucket, then a late reading that lands in the overflow bucket
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 2))) {
            SeriesId series = TestData.freshSeries("late");
            Reading newest = value(series, minute(20), 2);
            store.store(List.of(value(series, minute(10), 1), newest));
            store.store(List.of(value(series, minute(5), 0)));

            // when / then
            assertThat(TestData.documents(store, eq("series", series.value()))).hasSize(2);
            assertThat(store.latest(series, TestData.BASE)).contains(newest);
            assertThat(store.latest(series, minute(21))).isEmpty();
            assertThat(store.read(series, ALL, 10)).extracting(Reading::epochMilli).containsExactly(
                    minute(5).toEpochMilli(), minute(10).toEpochMilli(), minute(20).toEpochMilli());
        }
    }

    @Test
    void lateReadingOfAnEarlierWindowGoesToThatWindowsBucket() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("late");
            store.store(List.of(value(series, minute(130), 1)));

            // when: a reading two hours older
            Reading late = value(series, minute(10), 0);
            store.store(List.of(late));

            // then
            assertThat(TestData.documents(store, eq("series", series.value())))
                    .extracting(d -> d.getDateTime("start").getValue())
                    .containsExactly(minute(0).toEpochMilli(), minute(120).toEpochMilli());
            assertThat(store.read(series, TimeRange.of(minute(0), minute(60)), 10)).containsExactly(late);
        }
    }
}
