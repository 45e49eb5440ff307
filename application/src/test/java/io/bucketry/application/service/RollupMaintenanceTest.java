package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.application.testing.ForwardingRollups;
import io.bucketry.application.testing.ListRollupStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;

import static org.assertj.core.api.Assertions.assertThat;

/** The steps of {@link RollupMaintenance} one by one, over the list doubles. */
class RollupMaintenanceTest {

    private static final RollupTiers TIERS = new RollupTiers(List.of(new RollupTier(Duration.ofHours(1), Duration.ofDays(30)),
            new RollupTier(Duration.ofDays(1), Duration.ofDays(60))));
    private static final SeriesId SERIES = SeriesId.of("maintained");
    private static final List<Reading> BATCH = List.of(Fixtures.value(SERIES, Fixtures.BASE.plusSeconds(30), 1.0),
            Fixtures.value(SERIES, Fixtures.BASE.plus(Duration.ofHours(2)), 2.0));

    @Test
    void aStoreThatDoesNotRecordOnWriteIsAskedToRecordEachWindowOfABatchBeforeIt() {
        RecordingRollups rollups = new RecordingRollups(false);
        RollupMaintenance maintenance = new RollupMaintenance(TIERS, rollups, new ListReadingStore(BucketPolicy.defaults()));

        long token = maintenance.begin(BATCH);

        assertThat(rollups.recorded).containsExactly(new RollupKey(SERIES, Fixtures.BASE.toEpochMilli()),
                new RollupKey(SERIES, Fixtures.BASE.plus(Duration.ofHours(2)).toEpochMilli()));
        assertThat(rollups.pending(10)).extracting(PendingRollup::token).containsOnly(token);
    }

    @Test
    void aStoreThatRecordsPendingOnWriteIsToldTheFinestWindowAndNotAskedToRecordBeforeABatch() {
        RecordingRollups rollups = new RecordingRollups(true);
        RollupMaintenance maintenance = new RollupMaintenance(TIERS, rollups, new ListReadingStore(BucketPolicy.defaults()));

        long token = maintenance.begin(BATCH);

        assertThat(maintenance.begin(BATCH)).as("each batch its own token").isNotEqualTo(token);
        assertThat(rollups.askedFinest).isEqualTo(Duration.ofHours(1));
        assertThat(rollups.recorded).isEmpty();
        assertThat(rollups.pending(10)).isEmpty();
    }

    @Test
    void anEntryOfABatchThatEndsWhileItsWindowIsRecomputedStaysPendingForTheNextSettle() {
        ListRollupStore rollups = new ListRollupStore();
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
        AtomicLong ending = new AtomicLong();
        List<RollupMaintenance> holder = new ArrayList<>();
        // the batch finishes (and writes what the recomputation did not read) while the raw readings are read
        LoadReadings endingDuringRead = new LoadReadings() {
            @Override
            public List<Reading> read(SeriesId series, TimeRange range, int limit) {
                List<Reading> read = store.read(series, range, limit);
                holder.get(0).end(ending.get());
                return read;
            }

            @Override
            public Optional<Reading> latest(SeriesId series, Instant notBefore) {
                return store.latest(series, notBefore);
            }

            @Override
            public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
                return store.page(series, number, size, notBefore);
            }
        };
        RollupMaintenance maintenance = new RollupMaintenance(TIERS, rollups, endingDuringRead);
        holder.add(maintenance);
        ending.set(maintenance.begin(BATCH));

        assertThat(maintenance.settleAll()).as("entries cleared by a settle that began while the batch ran").isZero();

        assertThat(rollups.pending(10)).hasSize(2);
        assertThat(maintenance.settleAll()).as("cleared by the next settle, after the batch").isEqualTo(2);
        assertThat(rollups.pending(10)).isEmpty();
    }

    @Test
    void theEndOfABatchIsToldToAStoreThatRecordedItsWindowsAndNotToOneThatRecordsOnWrite() {
        RecordingRollups recordedFirst = new RecordingRollups(false);
        RecordingRollups onWrite = new RecordingRollups(true);
        RollupMaintenance first = new RollupMaintenance(TIERS, recordedFirst, new ListReadingStore(BucketPolicy.defaults()));
        RollupMaintenance written = new RollupMaintenance(TIERS, onWrite, new ListReadingStore(BucketPolicy.defaults()));

        long token = first.begin(BATCH);
        first.end(token);
        written.end(written.begin(BATCH));

        assertThat(recordedFirst.finished).containsExactly(token);
        assertThat(onWrite.finished).isEmpty();
    }

    @Test
    void aSettleClearsOnlyWhatTheStoreSaysHasFinishedAndWritesUnderTheVersionItGave() {
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
        store.store(BATCH);
        RecordingRollups rollups = new RecordingRollups(false) {
            @Override
            public Settlement beginSettle(List<PendingRollup> pending, LongPredicate runningHere) {
                // another process's lease still holds the second window's entry
                return new Settlement(pending.subList(0, 1), 42);
            }
        };
        RollupMaintenance maintenance = new RollupMaintenance(TIERS, rollups, store);
        maintenance.end(maintenance.begin(BATCH));
        List<PendingRollup> before = rollups.pending(10);

        long cleared = maintenance.settleAll();

        assertThat(cleared).isEqualTo(1);
        assertThat(rollups.pending(10)).containsExactly(before.get(1));
        assertThat(rollups.versions).isNotEmpty().containsOnly(42L);
    }

    @Test
    void aSettleAndAnActionUnderTheSeriesLockLetTheNextThreadTakeIt() throws Exception {
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
        store.store(BATCH);
        RollupMaintenance maintenance = new RollupMaintenance(TIERS, new RecordingRollups(false), store);
        maintenance.end(maintenance.begin(BATCH));
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            maintenance.settleAll();
            other.submit(() -> maintenance.underSeriesLock(SERIES, () -> { })).get(10, TimeUnit.SECONDS);

            maintenance.underSeriesLock(SERIES, () -> { });
            other.submit(() -> maintenance.underSeriesLock(SERIES, () -> { })).get(10, TimeUnit.SECONDS);
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    void moreEntriesThanOneChunkAreAllSettledByTheSweeperAndByARangeSettle() {
        List<Reading> batch = new ArrayList<>();
        for (int i = 0; i < 4_100; i++) {
            batch.add(Fixtures.value(SeriesId.of("s" + i), Fixtures.BASE.plusSeconds(30), i));
        }
        for (boolean sweeper : new boolean[] {true, false}) {
            // the readings are not stored: each window is recomputed empty, as fast as a list store allows
            RecordingRollups rollups = new RecordingRollups(false);
            RollupMaintenance maintenance = new RollupMaintenance(TIERS, rollups, new ListReadingStore(BucketPolicy.defaults()));
            maintenance.end(maintenance.begin(batch));

            if (sweeper) {
                assertThat(maintenance.settleAll()).isEqualTo(4_100);
            } else {
                maintenance.settle(TimeRange.of(Fixtures.BASE, Fixtures.BASE.plus(Duration.ofHours(1))));
            }

            assertThat(rollups.pending(10)).as(sweeper ? "sweeper" : "range").isEmpty();
        }
    }

    /** A list rollup store that says whether it records on write and keeps what it was asked to record. */
    private static class RecordingRollups extends ForwardingRollups {
        final List<RollupKey> recorded = new ArrayList<>();
        final List<Long> finished = new ArrayList<>();
        final List<Long> versions = new ArrayList<>();
        final boolean onWrite;
        Duration askedFinest;

        RecordingRollups(boolean onWrite) {
            super(new ListRollupStore());
            this.onWrite = onWrite;
        }

        @Override
        public boolean recordsPendingOnWrite(Duration finest) {
            askedFinest = finest;
            return onWrite;
        }

        @Override
        public void recordPending(List<RollupKey> keys, long token, LongPredicate running) {
            recorded.addAll(keys);
            super.recordPending(keys, token, running);
        }

        @Override
        public void finished(long token) {
            finished.add(token);
            super.finished(token);
        }

        @Override
        public void replace(List<RollupWindow> windows, long version) {
            versions.add(version);
            super.replace(windows, version);
        }
    }
}
