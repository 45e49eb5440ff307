package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static io.bucketry.adapter.mongo.bucket.TestData.value;
import static org.assertj.core.api.Assertions.assertThat;

class IngestRoundTripsTest {

    private static final TimeRange ALL = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(2)));

    @Test
    void batchSendsOneUpdateStatementPerTouchedBucketInOneBulkWriteAndReadsNothing() {
        // given: three series, each with readings in two hourly windows
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            List<Reading> batch = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                SeriesId series = TestData.freshSeries("rt");
                for (int m = 0; m < 120; m += 7) {
                    batch.add(value(series, minute(m), m));
                }
            }
            Counts before = Counts.of(store);

            // when
            StoreResult result = store.store(batch);

            // then
            Counts sent = Counts.of(store).since(before);
            assertThat(result).isEqualTo(new StoreResult(batch.size(), 0));
            assertThat(sent.writeCommands()).isEqualTo(1);
            assertThat(sent.statements()).isEqualTo(6);
            assertThat(sent.bucketsTouched()).isEqualTo(6);
            assertThat(sent.batches()).isEqualTo(1);
            assertThat(sent.reads()).as("read commands").isZero();
        }
    }

    @Test
    void newReadingsAfterTheStoredOnesNeedNoRead() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("rt");
            store.store(List.of(value(series, minute(1), 1), value(series, minute(2), 2)));
            Counts before = Counts.of(store);

            // when: more readings of the same bucket, all after the stored ones
            StoreResult result = store.store(List.of(value(series, minute(3), 3), value(series, minute(4), 4)));

            // then
            Counts sent = Counts.of(store).since(before);
            assertThat(result).isEqualTo(new StoreResult(2, 0));
            assertThat(sent.writeCommands()).isEqualTo(1);
            assertThat(sent.statements()).isEqualTo(1);
            assertThat(sent.reads()).isZero();
        }
    }

    @Test
    void aLateReadingCostsOneReadAndGoesInPlace() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("rt");
            store.store(List.of(value(series, minute(1), 1), value(series, minute(2), 2)));
            Counts before = Counts.of(store);

            // when: one of them earlier than the stored ones; the appending statement misses, a read tells why
            StoreResult result = store.store(List.of(value(series, minute(0), 0), value(series, minute(3), 3)));

            // then
            Counts sent = Counts.of(store).since(before);
            assertThat(result).isEqualTo(new StoreResult(2, 0));
            assertThat(sent.reads()).isEqualTo(1);
            assertThat(sent.writeCommands()).isEqualTo(2);
            assertThat(store.read(series, ALL, 100)).extracting(Reading::epochMilli)
                    .containsExactly(minute(0).toEpochMilli(), minute(1).toEpochMilli(), minute(2).toEpochMilli(),
                            minute(3).toEpochMilli());
        }
    }

    @Test
    void storedDuplicateCostsOneReadAndIsCountedNotStored() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("rt");
            Reading stored = value(series, minute(5), 5);
            store.store(List.of(stored));
            Counts before = Counts.of(store);

            // when: the same identity with another value, and a new reading of the same bucket
            StoreResult result = store.store(List.of(value(series, minute(5), 99), value(series, minute(6), 6)));

            // then: the update missed (E11000), one read resolved it, a second bulk stored the new one
            Counts sent = Counts.of(store).since(before);
            assertThat(result).isEqualTo(new StoreResult(1, 1));
            assertThat(sent.reads()).isEqualTo(1);
            assertThat(sent.writeCommands()).isEqualTo(2);
            assertThat(store.read(series, ALL, 100)).containsExactly(stored, value(series, minute(6), 6));
        }
    }

    @Test
    void duplicateWithinABatchKeepsTheFirst() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("rt");
            Reading first = value(series, minute(5), 1);

            // when
            StoreResult result = store.store(List.of(first, value(series, minute(5), 2), value(series, minute(5), 3)));

            // then
            assertThat(result).isEqualTo(new StoreResult(1, 2));
            assertThat(store.read(series, ALL, 100)).containsExactly(first);
        }
    }

    @Test
    void retriedBatchStoresNothingTwiceAndCountsExactly() {
        // given
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 4))) {
            SeriesId series = TestData.freshSeries("rt");
            List<Reading> batch = TestData.every(series, minute(0), Duration.ofMinutes(3), 30);
            store.store(batch.subList(0, 11));

            // when: the whole batch again, as after a failure
            StoreResult result = store.store(batch);

            // then
            assertThat(result).isEqualTo(new StoreResult(19, 11));
            assertThat(store.read(series, ALL, 1000)).containsExactlyElementsOf(batch);
            assertThat(store.statistics().readings()).isEqualTo(30);
        }
    }
}
