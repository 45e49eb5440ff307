package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;

/** aggregateAll stops once more than the caller's maximum of windows exist, counting across series. */
class WindowLimitTest {

    @Test
    void aggregateAllStopsSoonAfterTheMaximumOfWindowsIsPassedWhetherFromReadingsOrSummaries() {
        // given: 3 series, each a day of hourly buckets with a reading every 10 minutes
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            for (int i = 0; i < 3; i++) {
                store.store(TestData.every(TestData.freshSeries("limit"), minute(0), Duration.ofMinutes(10), 144));
            }
            TimeRange day = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(1)));

            // when / then: ten-minute windows are read bucket by bucket, 6 windows each, so the
            // fourth bucket passes 20 and nothing more is read (432 windows exist)
            assertThat(store.aggregateAll(day, Duration.ofMinutes(10), 20)).hasSize(24);

            // when / then: daily windows come from summaries series by series, so the second
            // series passes 1 and the third is not aggregated; the caller refuses the request
            assertThat(store.aggregateAll(day, Duration.ofDays(1), 1)).hasSize(2);
        }
    }
}
