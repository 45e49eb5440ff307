package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** What the in-memory store does beyond the contract: paged splits, batches over all stripes, races. */
class InMemoryReadingStoreTest {

    private static final Instant BASE = Instant.parse("2026-07-21T00:00:00Z");
    private static final TimeRange ALL = TimeRange.of(BASE.minus(Duration.ofDays(1)), BASE.plus(Duration.ofDays(1)));

    private static Reading reading(String series, long offsetMillis, double value) {
        return Reading.of(series, BASE.plusMillis(offsetMillis), Map.of("v", value));
    }

    @Test
    void lateReadingIntoAFullPageSplitsItAndKeepsEveryPageInTimeOrder() {
        // given pages of 4 readings, filled in order
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.paged(4));
        List<Reading> inOrder = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            inOrder.add(reading("page", i * 10L, i));
        }
        store.store(inOrder);
        assertThat(store.statistics().buckets()).isEqualTo(3);

        // when a late reading lands inside the full first page
        store.store(List.of(reading("page", 15, 99)));

        // then no page exceeds the page size and reading the pages back gives every reading once, in order
        assertThat(store.statistics().maxReadingsPerBucket()).isLessThanOrEqualTo(4);
        List<Reading> paged = new ArrayList<>();
        for (int page = 1; page <= 4; page++) {
            paged.addAll(store.page(SeriesId.of("page"), page, 4, BASE.minusSeconds(1)));
        }
        List<Reading> all = store.read(SeriesId.of("page"), ALL, Integer.MAX_VALUE);
        assertThat(paged).isEqualTo(all);
        assertThat(all).hasSize(13).isSortedAccordingTo((a, b) -> a.time().compareTo(b.time()));
    }

    @Test
    void largeBatchOverManyStripesLosesAndDuplicatesNoReading() {
        // given a batch of 97 series (spread over most stripes), each reading submitted twice in a row
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        List<Reading> batch = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            Reading first = reading("s-" + (i % 97), i * 1000L, i);
            batch.add(first);
            batch.add(reading(first.series().value(), i * 1000L, -1));
        }

        // when it is stored
        StoreResult result = store.store(batch);

        // then exactly the first of each pair is kept
        assertThat(result).isEqualTo(new StoreResult(10_000, 10_000));
        List<Reading> readings = store.read(SeriesId.of("s-5"), ALL, Integer.MAX_VALUE);
        assertThat(readings).allSatisfy(r -> assertThat(r.fields().number("v")).isNotNegative());
        assertThat(store.statistics().readings()).isEqualTo(10_000);
    }

    @Test
    void overflowBucketsOfOneWindowAreReadAsOneSortedRange() {
        // given maxCount 5 and 23 readings of one window arriving in random order
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.windowed(Duration.ofHours(1), 5));
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            readings.add(reading("overflow", i * 1000L, i));
        }
        List<Reading> shuffled = new ArrayList<>(readings);
        Collections.shuffle(shuffled, new Random(7));

        // when stored one by one
        shuffled.forEach(r -> store.store(List.of(r)));

        // then the window has 5 buckets and a range read merges them in time order
        assertThat(store.statistics().buckets()).isEqualTo(5);
        assertThat(store.read(SeriesId.of("overflow"), ALL, Integer.MAX_VALUE)).isEqualTo(readings);
        assertThat(store.read(SeriesId.of("overflow"), ALL, 7)).isEqualTo(readings.subList(0, 7));
        assertThat(store.latest(SeriesId.of("overflow"), BASE)).contains(readings.get(22));
    }

    @Test
    void writersMeetingOnTheSameStripesStoreEveryReadingExactlyOnce() throws Exception {
        // given: 4 writers, each storing the same 12,000 readings of 300 series (most stripes) in
        // batches of its own order, so that they keep finding stripes the others hold
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        List<Reading> distinct = new ArrayList<>();
        for (int i = 0; i < 12_000; i++) {
            distinct.add(reading("w-" + (i % 300), (i / 300) * 1000L, i));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<StoreResult>> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            List<Reading> mine = new ArrayList<>(distinct);
            Collections.shuffle(mine, new Random(w));
            writers.add(pool.submit(() -> {
                start.await();
                StoreResult total = StoreResult.EMPTY;
                for (int from = 0; from < mine.size(); from += 500) {
                    total = total.plus(store.store(mine.subList(from, from + 500)));
                }
                return total;
            }));
        }

        // when they run
        start.countDown();
        StoreResult total = StoreResult.EMPTY;
        for (Future<StoreResult> writer : writers) {
            total = total.plus(writer.get());
        }
        pool.shutdown();

        // then each reading was accepted once and is there once, with its own value
        assertThat(total).isEqualTo(new StoreResult(12_000, 3 * 12_000));
        assertThat(store.statistics().series()).isEqualTo(300);
        for (int series : new int[] {0, 1, 150, 299}) {
            assertThat(store.read(SeriesId.of("w-" + series), ALL, Integer.MAX_VALUE))
                    .extracting(r -> r.fields().number("v"))
                    .containsExactlyElementsOf(IntStream.range(0, 40)
                            .mapToObj(k -> (double) (k * 300 + series)).toList());
        }
    }

    @Test
    void readingsStoredWhileTheirSeriesIsDeletedAreEitherDeletedOrKeptNeverLost() throws Exception {
        // given writers and a deleter racing on one series
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        ExecutorService pool = Executors.newFixedThreadPool(3);
        CountDownLatch start = new CountDownLatch(1);
        Future<Long> writes = pool.submit(() -> {
            start.await();
            long accepted = 0;
            for (int i = 0; i < 20_000; i++) {
                accepted += store.store(List.of(reading("racy", i, i))).accepted();
            }
            return accepted;
        });
        Future<Long> deletes = pool.submit(() -> {
            start.await();
            long deleted = 0;
            for (int i = 0; i < 200; i++) {
                deleted += store.deleteSeries(SeriesId.of("racy"));
            }
            return deleted;
        });

        // when they run
        start.countDown();
        long accepted = writes.get();
        long deleted = deletes.get();
        pool.shutdown();

        // then every accepted reading was either deleted or is still there
        long remaining = store.read(SeriesId.of("racy"), ALL, Integer.MAX_VALUE).size();
        assertThat(accepted).isEqualTo(20_000);
        assertThat(deleted + remaining).isEqualTo(accepted);
    }

    @Test
    void aWindowLeftBehindStillAcceptsALateReadingAfterItsArraysWereTrimmed() {
        // given a first window, then a second window that trims the first
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        store.store(List.of(reading("trim", 0, 1), reading("trim", 60_000, 2), reading("trim", 3_600_000, 3)));

        // when a late reading arrives for the first window
        store.store(List.of(reading("trim", 30_000, 1.5)));

        // then it is in place
        assertThat(store.read(SeriesId.of("trim"), ALL, 10)).extracting(r -> r.fields().number("v"))
                .containsExactly(1.0, 1.5, 2.0, 3.0);
    }

    @Test
    void evictionRemovesOnlyBucketsWhoseReadingsAreAllBeforeTheCutoff() {
        // given two windows of one series
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        store.store(List.of(reading("old", 0, 1), reading("old", 3_599_999, 2), reading("old", 3_600_000, 3)));

        // when evicting before the last reading of the first window, then just after it
        long none = store.evictBefore(BASE.plusMillis(3_599_999));
        long one = store.evictBefore(BASE.plusMillis(3_600_000));

        // then the first window goes only once all its readings are before the cutoff
        assertThat(none).isZero();
        assertThat(one).isEqualTo(1);
        assertThat(store.read(SeriesId.of("old"), ALL, 10)).extracting(r -> r.fields().number("v")).containsExactly(3.0);
    }
}
