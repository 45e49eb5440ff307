package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static com.mongodb.client.model.Filters.eq;
import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;

class PagedStoreTest {

    @Test
    void pageOfTheBucketSizeReadsBucketCountsAndThenOneBucket() {
        // given: 25 readings in pages of 10
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.paged(10))) {
            SeriesId series = TestData.freshSeries("pg");
            List<Reading> readings = TestData.every(series, minute(0), Duration.ofMinutes(1), 25);
            store.store(readings);
            Counts before = Counts.of(store);

            // when
            List<Reading> page = store.page(series, 2, 10, TestData.BASE);

            // then: the page-start lookup (index only), the counts (no readings), the one bucket
            assertThat(page).isEqualTo(readings.subList(10, 20));
            assertThat(Counts.of(store).since(before).reads()).isEqualTo(3);
        }
    }

    @Test
    void appendingToTheLastPageReadsOnlyEachSeriesTopBucket() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.paged(10))) {
            SeriesId series = TestData.freshSeries("pg");
            List<Reading> readings = TestData.every(series, minute(0), Duration.ofMinutes(1), 25);
            store.store(readings.subList(0, 15));
            Counts before = Counts.of(store);

            // when: the next readings, in time order
            store.store(readings.subList(15, 25));

            // then: one read of the top page, one bulk write filling it and opening the next
            Counts sent = Counts.of(store).since(before);
            assertThat(sent.reads()).isEqualTo(1);
            assertThat(sent.writeCommands()).isEqualTo(1);
            assertThat(sent.statements()).isEqualTo(2);
            assertThat(TestData.documents(store, eq("series", series.value())))
                    .extracting(d -> d.getNumber("count").intValue()).containsExactly(10, 10, 5);
        }
    }

    @Test
    void shuffledBatchesGivePagesEqualToTheSortedReadings() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.paged(4))) {
            SeriesId series = TestData.freshSeries("pg");
            List<Reading> sorted = TestData.every(series, minute(0), Duration.ofSeconds(41), 37);
            List<Reading> shuffled = new ArrayList<>(sorted);
            Collections.shuffle(shuffled, new Random(3));

            // when
            for (int i = 0; i < shuffled.size(); i += 6) {
                store.store(shuffled.subList(i, Math.min(shuffled.size(), i + 6)));
            }

            // then
            for (int size : new int[] {1, 3, 4, 5, 40}) {
                for (int n = 1; (long) (n - 1) * size < sorted.size(); n++) {
                    assertThat(store.page(series, n, size, TestData.BASE)).as("page %d of %d", n, size)
                            .isEqualTo(sorted.subList((n - 1) * size, Math.min(sorted.size(), n * size)));
                }
            }
            assertThat(store.page(series, 11, 4, minute(3))).isEmpty();
            assertThat(store.page(series, 1, 3, sorted.get(5).time())).isEqualTo(sorted.subList(5, 8));
        }
    }
}
