package io.bucketry.adapter.inmemory;

import io.bucketry.application.settings.Parts;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class ParallelStoreTest {

    private static final long SEED = 20261201L;
    private static final int SERIES = 3_000;
    private static final TimeRange ALL = TimeRange.of(Instant.EPOCH, Instant.ofEpochMilli(10_000_000));

    /** Readings of many series in random order, a tenth of them repeated with another value (the first wins). */
    private static List<Reading> batch(int size) {
        Random random = new Random(SEED);
        List<Reading> readings = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            if (i > 0 && random.nextInt(10) == 0) {
                Reading earlier = readings.get(random.nextInt(i));
                readings.add(Reading.at(earlier.series(), earlier.epochMilli(), io.bucketry.domain.Fields.of(Map.of("v", -1.0))));
            } else {
                readings.add(Reading.of("s-" + random.nextInt(SERIES), Instant.ofEpochMilli(random.nextInt(7_200_000)),
                        Map.of("v", (double) i, "status", random.nextBoolean() ? "OK" : "WARN")));
            }
        }
        return readings;
    }

    @Test
    void aBatchStoredInPartsOnAnExecutorEqualsTheSameBatchStoredOnOneThread() {
        // given
        List<Reading> batch = batch(20_000);
        AtomicInteger tasks = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (InMemoryReadingStore sequential = new InMemoryReadingStore(BucketPolicy.defaults());
             InMemoryReadingStore parallel = new InMemoryReadingStore(BucketPolicy.defaults(), Long.MAX_VALUE,
                     task -> {
                         tasks.incrementAndGet();
                         pool.execute(task);
                     }, 4)) {
            // when
            StoreResult one = sequential.store(batch);
            StoreResult parts = parallel.store(batch);

            // then: the same counts and, series by series, the same readings (the first of equal ones kept)
            assertThat(tasks.get()).as("parts handed to the executor: 3 of 4, to key and to store").isEqualTo(6);
            assertThat(parts).isEqualTo(one);
            assertThat(one.duplicates()).isPositive();
            for (int s = 0; s < SERIES; s++) {
                SeriesId id = SeriesId.of("s-" + s);
                assertThat(parallel.read(id, ALL, Integer.MAX_VALUE)).as("series %s, seed %d", id, SEED)
                        .isEqualTo(sequential.read(id, ALL, Integer.MAX_VALUE));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSmallBatchIsStoredOnTheCallingThreadWhateverTheParallelism() {
        AtomicInteger tasks = new AtomicInteger();
        try (InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), Long.MAX_VALUE,
                task -> tasks.incrementAndGet(), 8)) {
            StoreResult result = store.store(batch(2 * Parts.MIN_READINGS_PER_PART - 1));

            assertThat(tasks.get()).isZero();
            assertThat(result.accepted() + result.duplicates()).isEqualTo(2 * Parts.MIN_READINGS_PER_PART - 1);
        }
    }

    @Test
    void aPartTheExecutorRefusesIsStoredOnTheCallingThreadAndNothingIsLost() {
        // given: an executor that is shutting down
        List<Reading> batch = batch(20_000);
        try (InMemoryReadingStore sequential = new InMemoryReadingStore(BucketPolicy.defaults());
             InMemoryReadingStore refusing = new InMemoryReadingStore(BucketPolicy.defaults(), Long.MAX_VALUE,
                     task -> {
                         throw new RejectedExecutionException("shutting down");
                     }, 4)) {
            // when / then
            assertThat(refusing.store(batch)).isEqualTo(sequential.store(batch));
            assertThat(refusing.statistics().readings()).isEqualTo(sequential.statistics().readings());
        }
    }
}
