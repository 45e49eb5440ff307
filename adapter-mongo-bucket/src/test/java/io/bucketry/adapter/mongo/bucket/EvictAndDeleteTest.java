package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;

class EvictAndDeleteTest {

    @Test
    void evictRemovesExactlyTheBucketsWhoseLastReadingIsBeforeTheCutoff() {
        // given: hourly buckets with readings at :00 and :30 for six hours
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("ev");
            store.store(TestData.every(series, minute(0), Duration.ofMinutes(30), 12));

            // when: the cutoff falls between the two readings of the third hour
            long evicted = store.evictBefore(minute(150));

            // then: the first two hours are gone, the third (last reading 02:30) stays
            assertThat(evicted).isEqualTo(2);
            assertThat(store.read(series, TimeRange.of(TestData.BASE, minute(1000)), 100)).hasSize(8);
        }
    }

    @Test
    void deleteSeriesAnswersTheReadingsItRemoved() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 3))) {
            SeriesId series = TestData.freshSeries("del");
            SeriesId other = TestData.freshSeries("del");
            store.store(TestData.every(series, minute(0), Duration.ofMinutes(7), 20));
            store.store(TestData.every(other, minute(0), Duration.ofMinutes(7), 4));

            // when / then
            assertThat(store.deleteSeries(series)).isEqualTo(20);
            assertThat(store.deleteSeries(series)).isZero();
            assertThat(store.statistics().readings()).isEqualTo(4);
        }
    }
}
