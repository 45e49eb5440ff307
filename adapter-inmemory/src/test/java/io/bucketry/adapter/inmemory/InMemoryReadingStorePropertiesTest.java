package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The store takes a stripe's readings in groups (see {@link InMemoryReadingStore}): whatever the
 * batch, storing it at once must answer and keep exactly what storing its readings one by one does.
 */
class InMemoryReadingStorePropertiesTest {

    private static final Instant BASE = Instant.parse("2026-07-21T00:00:00Z");
    private static final TimeRange ALL = TimeRange.of(BASE.minus(Duration.ofDays(1)), BASE.plus(Duration.ofDays(1)));
    /** More series than stripes: a stripe's group of 16 holds readings of several series. */
    private static final int SERIES = 100;

    @Test
    void storingABatchAtOnceKeepsWhatStoringItsReadingsOneByOneKeeps() {
        Property.forAll(200, draws -> {
            List<Reading> batch = draws.draw("batch", batches());
            // given
            InMemoryReadingStore atOnce = new InMemoryReadingStore(BucketPolicy.windowed(Duration.ofMinutes(10), 8));
            InMemoryReadingStore oneByOne = new InMemoryReadingStore(BucketPolicy.windowed(Duration.ofMinutes(10), 8));

            // when
            StoreResult batchResult = atOnce.store(batch);
            StoreResult singleResults = batch.stream().map(reading -> oneByOne.store(List.of(reading)))
                    .reduce(StoreResult.EMPTY, StoreResult::plus);

            // then
            assertThat(batchResult).isEqualTo(singleResults);
            for (int s = 0; s < SERIES; s++) {
                SeriesId series = SeriesId.of("series-" + s);
                assertThat(atOnce.read(series, ALL, Integer.MAX_VALUE)).isEqualTo(oneByOne.read(series, ALL, Integer.MAX_VALUE));
            }
            // avgBucketBytes included: the same readings in the same order grow the buckets alike
            assertThat(atOnce.statistics()).isEqualTo(oneByOne.statistics());
        });
    }

    /**
     * Up to 600 readings of 100 series over 50 minutes: several 10-minute windows, overflow buckets of
     * 8, a series at several places of one group, and readings at a time the series already has.
     */
    private static Gen<List<Reading>> batches() {
        Gen<Integer> series = Gen.ints(0, SERIES - 1);
        Gen<Long> offsets = Gen.longs(0, 50).map(minute -> minute * 60_000);
        Gen<Integer> values = Gen.ints(-1000, 1000);
        Gen<Reading> reading = random -> Reading.of("series-" + series.next(random),
                BASE.plusMillis(offsets.next(random)), Map.of("v", values.next(random)));
        return reading.list(0, 600);
    }
}
