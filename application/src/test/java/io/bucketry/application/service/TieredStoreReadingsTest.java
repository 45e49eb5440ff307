package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.out.StoreReadings;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.application.testing.ForwardingRollups;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.application.testing.ListRollupStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Ingest with tiers ends every batch it began, and fails a batch whose end the store could not record. */
class TieredStoreReadingsTest {

    private static final RollupTiers TIERS = new RollupTiers(List.of(new RollupTier(Duration.ofHours(1), Duration.ofDays(30))));
    private static final List<Reading> BATCH = List.of(Fixtures.value(SeriesId.of("tiered-ingest"), Fixtures.BASE, 1.0));

    @Test
    void aBatchThatFailsIsStillEndedAndItsFailureIsTheOneRaisedWithTheEndsBeside() {
        EndingRollups rollups = new EndingRollups(true);
        StoreReadings failing = readings -> {
            throw new StoreUnavailableException("the server went away");
        };
        ListReadingStore raw = new ListReadingStore(BucketPolicy.defaults());
        TieredStoreReadings ingest = new TieredStoreReadings(failing, new RollupMaintenance(TIERS, rollups, raw));

        assertThatThrownBy(() -> ingest.store(BATCH)).hasMessage("the server went away")
                .satisfies(e -> assertThat(e.getSuppressed()).extracting(Throwable::getMessage).containsExactly("end refused"));
        assertThat(rollups.ended).hasSize(1);
    }

    @Test
    void aStoredBatchWhoseEndCannotBeRecordedFailsSoThatItsRetryRecordsItsWindowsAgain() {
        EndingRollups rollups = new EndingRollups(true);
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
        TieredStoreReadings ingest = new TieredStoreReadings(store, new RollupMaintenance(TIERS, rollups, store));

        assertThatThrownBy(() -> ingest.store(BATCH)).hasMessage("end refused");
        assertThat(rollups.ended).hasSize(1);
    }

    @Test
    void aStoredBatchIsEndedOnceAndAnswersWhatTheStoreStored() {
        EndingRollups rollups = new EndingRollups(false);
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
        TieredStoreReadings ingest = new TieredStoreReadings(store, new RollupMaintenance(TIERS, rollups, store));

        assertThat(ingest.store(BATCH)).isEqualTo(new StoreResult(1, 0));
        assertThat(rollups.ended).hasSize(1);
    }

    /** Records the batches told finished, and refuses to record them when asked to. */
    private static final class EndingRollups extends ForwardingRollups {
        final List<Long> ended = new ArrayList<>();
        final boolean refuse;

        EndingRollups(boolean refuse) {
            super(new ListRollupStore());
            this.refuse = refuse;
        }

        @Override
        public void finished(long token) {
            ended.add(token);
            if (refuse) {
                throw new StoreUnavailableException("end refused");
            }
        }
    }
}
