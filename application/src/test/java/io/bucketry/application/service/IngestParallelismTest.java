package io.bucketry.application.service;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.settings.Parts;
import io.bucketry.application.UseCases;
import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.StoreReadings;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.bucketry.application.contract.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Ingest on the embedder's executor: when parts are handed to it, and that the outcome equals the sequential path's. */
class IngestParallelismTest {

    private static final int PART = Parts.MIN_READINGS_PER_PART;

    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private final ApplicationSettings fourParts = ApplicationSettings.defaults().withIngestParallelism(4);
    private final CountingExecutor executor = new CountingExecutor();
    private final String prefix = Fixtures.freshPrefix("parallel");
    private final List<List<Reading>> calls = new CopyOnWriteArrayList<>();
    private final StoreReadings recording = batch -> {
        calls.add(List.copyOf(batch));
        return new StoreResult(batch.size(), 0);
    };

    @AfterEach
    void closeExecutor() {
        executor.close();
    }

    @Test
    void largeBatchIsValidatedOnTheExecutorAndHandedToTheStoreInOneCallExactlyAsTheSequentialPathHandsIt() {
        // given: 4 parts' worth of readings with rejections and repeated identities throughout
        List<ReadingInput> batch = mixedBatch(4 * PART + 100);
        List<List<Reading>> sequentialCalls = new ArrayList<>();
        IngestReport sequential = new IngestReadingsService(b -> {
            sequentialCalls.add(List.copyOf(b));
            return new StoreResult(b.size(), 0);
        }, fourParts, clock).ingest(batch);

        // when
        IngestReport parallel = new IngestReadingsService(recording, fourParts, clock, executor).ingest(batch);

        // then: three parts ran on the executor, the caller took the first; one store call, in batch order
        assertThat(executor.tasks()).isEqualTo(3);
        assertThat(executor.threads()).isNotEmpty().allMatch(name -> name.startsWith("counting-"));
        assertThat(sequentialCalls).hasSize(1);
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0)).isEqualTo(sequentialCalls.get(0));
        assertThat(parallel).isEqualTo(sequential);
        assertThat(parallel.rejected()).extracting(Rejection::index).isSorted().contains(0, 7, 997, 1009, 4 * PART + 96);
        assertThat(parallel.rejected()).extracting(Rejection::reason)
                .contains(RejectionReason.INVALID_SERIES, RejectionReason.EXPIRED, RejectionReason.NO_FIELDS);
    }

    @Test
    void withoutAnExecutorEveryBatchIsValidatedOnTheCallingThreadWhateverTheSettingsSay() {
        // given: settings that would allow four parts, but no executor
        UseCases use = UseCases.over(new ListReadingStore(BucketPolicy.defaults()), fourParts, clock);
        List<String> threads = new CopyOnWriteArrayList<>();
        List<ReadingInput> batch = new ArrayList<>(mixedBatch(4 * PART));
        batch.set(3 * PART, new ReadingInput(prefix + "-x", NOW.minusSeconds(5), new ThreadRecordingFields(threads)));

        // when
        use.ingest().ingest(batch);

        // then
        assertThat(threads).isNotEmpty().containsOnly(Thread.currentThread().getName());
    }

    @Test
    void batchBelowTwoPartsOf2048ReadingsIsNotHandedToTheExecutorAndOneOfTwoPartsTakesEveryPart() {
        // given
        IngestReadingsService service = new IngestReadingsService(recording, fourParts, clock, executor);

        // when / then
        service.ingest(validBatch(2 * PART - 1));
        assertThat(executor.tasks()).isZero();
        service.ingest(validBatch(2 * PART));
        assertThat(executor.tasks()).as("all four parts or none, as the store splits alike").isEqualTo(3);
        assertThat(calls).hasSize(2);
        assertThat(calls.get(1)).hasSize(2 * PART);
    }

    @Test
    void parallelismCapsTheNumberOfPartsAndParallelismOneNeverUsesTheExecutor() {
        // given: enough readings for nine parts
        List<ReadingInput> batch = validBatch(9 * PART);

        // when
        new IngestReadingsService(recording, fourParts.withIngestParallelism(3), clock, executor).ingest(batch);
        int withThree = executor.tasks();
        new IngestReadingsService(recording, fourParts.withIngestParallelism(1), clock, executor).ingest(batch);

        // then
        assertThat(withThree).isEqualTo(2);
        assertThat(executor.tasks()).isEqualTo(2);
        assertThat(calls).hasSize(2).allSatisfy(call -> assertThat(call).hasSize(9 * PART));
    }

    @Test
    void earlierReadingOfAParallelValidatedBatchWinsInTheStoreAsOnTheSequentialPath() {
        // given: two list stores, one fed on the executor and one on the calling thread
        ListReadingStore parallelStore = new ListReadingStore(BucketPolicy.defaults());
        ListReadingStore sequentialStore = new ListReadingStore(BucketPolicy.defaults());
        List<ReadingInput> batch = mixedBatch(2 * PART + 500);

        // when
        IngestReport parallel = UseCases.over(parallelStore, fourParts, clock, executor).ingest().ingest(batch);
        IngestReport sequential = UseCases.over(sequentialStore, fourParts, clock).ingest().ingest(batch);

        // then: the same report (duplicates included), one store call, the same readings kept
        assertThat(executor.tasks()).isEqualTo(3);
        assertThat(parallel).isEqualTo(sequential);
        assertThat(parallel.duplicates()).isPositive();
        assertThat(parallelStore.batches()).hasSize(1);
        UseCases read = UseCases.over(parallelStore, fourParts, clock);
        UseCases expected = UseCases.over(sequentialStore, fourParts, clock);
        for (int s = 0; s < 40; s++) {
            SeriesId id = SeriesId.of(prefix + "-" + s);
            assertThat(read.read().read(id, null, null, Integer.MAX_VALUE))
                    .isEqualTo(expected.read().read(id, null, null, Integer.MAX_VALUE)).isNotEmpty();
        }
    }

    @Test
    void unexpectedFailureInAPartOnTheExecutorReachesTheCallerAsItselfAndNothingIsStored() {
        // given: a reading in the last part whose fields cannot even be looked at
        List<ReadingInput> batch = new ArrayList<>(validBatch(4 * PART));
        batch.set(4 * PART - 1, new ReadingInput(prefix + "-0", NOW.minusSeconds(1), new BrokenFields()));

        // when / then
        assertThatThrownBy(() -> new IngestReadingsService(recording, fourParts, clock, executor).ingest(batch))
                .isInstanceOf(IllegalStateException.class).hasMessage("fields unreadable");
        assertThat(executor.tasks()).isEqualTo(3);
        assertThat(calls).isEmpty();
    }

    /** {@code size} valid readings of 40 series, one second apart. */
    private List<ReadingInput> validBatch(int size) {
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            inputs.add(new ReadingInput(prefix + "-" + i % 40, NOW.minusSeconds(20_000).plusSeconds(i), Map.of("v", i)));
        }
        return inputs;
    }

    /**
     * {@code size} readings of 40 series: every 7th with an invalid id, the 997th's multiples expired, the
     * 1009th's missing, every 11th repeating the time of the reading 40 before it (same series, another value).
     */
    private List<ReadingInput> mixedBatch(int size) {
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String id = i % 7 == 0 ? "bad id" : prefix + "-" + i % 40;
            long second = i % 11 == 0 ? i - 40 : i;
            if (i % 1009 == 0 && i > 0) {
                inputs.add(null);
            } else if (i % 997 == 0 && i > 0) {
                inputs.add(new ReadingInput(id, NOW.minus(Duration.ofDays(3650)), Map.of("v", i)));
            } else {
                inputs.add(new ReadingInput(id, NOW.minusSeconds(20_000).plusSeconds(second), Map.of("v", i)));
            }
        }
        return inputs;
    }

    /** Fields that note the thread that reads them. */
    private static final class ThreadRecordingFields extends AbstractMap<String, Object> {
        private final List<String> threads;

        ThreadRecordingFields(List<String> threads) {
            this.threads = threads;
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            threads.add(Thread.currentThread().getName());
            return Set.of(Map.entry("v", 1));
        }
    }

    /** Fields that fail to be read, as a broken embedder's map might. */
    private static final class BrokenFields extends AbstractMap<String, Object> {
        @Override
        public Set<Entry<String, Object>> entrySet() {
            throw new IllegalStateException("fields unreadable");
        }
    }
}
