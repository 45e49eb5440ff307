package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The searches of {@link GroupRows} from the end find what the stores' binary searches find. */
class GroupRowsTest {

    private static final SeriesId SERIES = SeriesId.of("s");
    private static final BucketPolicy HOURLY_OF_FIVE = BucketPolicy.windowed(Duration.ofHours(1), 5);

    @Test
    void theFirstRowInRangeSearchedFromTheEndIsTheOneABinarySearchFinds() {
        Random random = new Random(11);
        for (int rows = 0; rows <= 70; rows++) {
            // given a bucket of rows at random distinct times
            PackedBucket bucket = PackedBucket.open(SERIES, 0, 0, BucketPolicy.windowed(Duration.ofHours(1), 1_000));
            long time = 1_000;
            for (int r = 0; r < rows; r++) {
                bucket.add(Reading.at(SERIES, time, Fields.of(Map.of("v", 1.0))));
                time += 1 + random.nextInt(3_000);
            }

            // then every bound before, at, between and after the rows, up to every end, gives the same row
            for (int end = 0; end <= rows; end++) {
                for (long from = 0; from <= time + 1; from += 1 + random.nextInt(500)) {
                    int expected = Math.min(bucket.firstRowAtOrAfter(from), end);
                    assertThat(GroupRows.firstFromEnd(bucket, from, end)).as("%d rows, end %d, from %d", rows, end, from)
                            .isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void theFirstBucketOfARangeSearchedFromTheEndIsTheOneABinarySearchFinds() {
        // given a windowed series of hours with overflow buckets (five readings each) and a late reading
        SeriesBuckets series = SeriesBuckets.of(SERIES, HOURLY_OF_FIVE, Sealing.off());
        Random random = new Random(3);
        for (long time = 0; time < 10 * 3_600_000L; time += 60_000 + random.nextInt(600_000)) {
            series.add(Reading.at(SERIES, time, Fields.of(Map.of("v", 1.0))));
        }
        series.add(Reading.at(SERIES, 30_000, Fields.of(Map.of("v", 2.0))));
        assertThat(series.bucketCount()).isGreaterThan(10);

        // then for every bound the first bucket is the same
        for (long from = -3_600_000L; from <= 12 * 3_600_000L; from += 97_000) {
            assertThat(GroupRows.firstIndex(series, from)).as("from %d", from).isEqualTo(series.firstIndexFor(from));
        }
    }
}
