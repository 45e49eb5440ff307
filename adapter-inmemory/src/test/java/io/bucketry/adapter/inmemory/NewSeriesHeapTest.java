package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the capacity counts for a new series is what one measures on the heap: a flood of new series
 * (one reading each) is the cheapest way to fill the store per byte of request, so it must not escape
 * the estimate.
 */
class NewSeriesHeapTest {

    private static final int SERIES = 100_000;
    private static final Instant T0 = Instant.parse("2026-11-30T00:00:00Z");

    static Stream<BucketPolicy> policies() {
        return Stream.of(BucketPolicy.defaults(), BucketPolicy.paged(1000));
    }

    @ParameterizedTest
    @MethodSource("policies")
    void theCapacityCountsAtLeastWhatNewSeriesMeasureOnTheHeap(BucketPolicy policy) {
        // given a store without a practical limit
        StoreCapacity capacity = new StoreCapacity(Long.MAX_VALUE / 2, () -> 0);
        InMemoryReadingStore store = new InMemoryReadingStore(policy, capacity);
        long before = usedHeap();

        // when 100,000 new series of one reading each are stored
        for (int from = 0; from < SERIES; from += 10_000) {
            store.store(batch(from, 10_000));
        }
        long measured = usedHeap() - before;

        // then the capacity counts at least what they take, and not wildly more
        long perSeries = measured / SERIES;
        long counted = capacity.heldBytes() / SERIES;
        System.out.printf("a new series of one reading: %d bytes measured, %d counted%n", perSeries, counted);
        assertThat(capacity.heldBytes()).as("counted bytes vs %d measured per series", perSeries)
                .isGreaterThanOrEqualTo(measured * 9 / 10)
                .isLessThanOrEqualTo(measured * 2);
        assertThat(store.statistics()).isNotNull();   // keeps the store reachable until here
    }

    private static List<Reading> batch(int from, int count) {
        List<Reading> out = new ArrayList<>(count);
        for (int i = from; i < from + count; i++) {
            out.add(Reading.of("flood-series-" + i, T0, Map.of("value", (double) i)));
        }
        return out;
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, runtime.totalMemory() - runtime.freeMemory());
        }
        return used;
    }
}
