package io.bucketry.application.service;

import io.bucketry.application.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.service.ServiceFixture.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** A batch as a whole: mixed valid and invalid readings, its size limit, and duplicates within it. */
class IngestBatchTest {

    private final ServiceFixture fixture = new ServiceFixture();
    private final SeriesId series = Fixtures.freshSeries("batch");

    @Test
    void validReadingsOfAMixedBatchAreStoredAndEachInvalidOneIsReported() {
        // given
        List<ReadingInput> batch = List.of(input(1, 1.0), new ReadingInput("bad id", at(2), Map.of("v", 2)),
                input(3, 3.0), new ReadingInput(series.value(), "soon", Map.of("v", 4)), input(5, 5.0));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(3);
        assertThat(report.duplicates()).isZero();
        assertThat(report.rejected()).extracting(Rejection::index, Rejection::reason, Rejection::series, Rejection::time)
                .containsExactly(tuple(1, RejectionReason.INVALID_SERIES, "bad id", at(2).toString()),
                        tuple(3, RejectionReason.INVALID_TIME, series.value(), "soon"));
        assertThat(fixture.use.read().read(series, null, null, 10)).extracting(Reading::time)
                .containsExactly(at(1), at(3), at(5));
    }

    @Test
    void batchOverTheMaximumIsRefusedWholeAndNothingIsStored() {
        // given: one reading more than the maximum of five
        List<ReadingInput> batch = new ArrayList<>();
        for (int i = 0; i <= ServiceFixture.MAX_BATCH; i++) {
            batch.add(input(i, i));
        }

        // when / then
        assertRefused(() -> fixture.use.ingest().ingest(batch), "BATCH_TOO_LARGE");
        assertThat(fixture.use.describe().describe().readings()).isZero();
    }

    @Test
    void batchOfExactlyTheMaximumIsAccepted() {
        // given
        List<ReadingInput> batch = new ArrayList<>();
        for (int i = 0; i < ServiceFixture.MAX_BATCH; i++) {
            batch.add(input(i, i));
        }

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(ServiceFixture.MAX_BATCH);
    }

    @Test
    void largeBatchValidatedInPartsReportsExactlyWhatSmallBatchesReport() {
        // given: a store that takes each batch in one call
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults(), false);

        // when / then
        assertLargeBatchIsIngestedLikeSmallBatches(store);
        assertThat(store.batches()).hasSize(1);
    }

    @Test
    void largeBatchForAParallelStoreIsStoredInPartsOfDisjointSeriesInBatchOrder() {
        // given: a store that gains from parallel calls, on a machine with cores to split over
        Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() > 1,
                "one processor: the batch is validated and stored in one part");
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults(), true);

        // when / then
        assertLargeBatchIsIngestedLikeSmallBatches(store);
        List<List<Reading>> batches = store.batches();
        assertThat(batches).hasSizeGreaterThan(1);
        for (List<Reading> batch : batches) {
            Set<SeriesId> mine = batch.stream().map(Reading::series).collect(Collectors.toSet());
            batches.stream().filter(other -> other != batch).flatMap(List::stream)
                    .forEach(other -> assertThat(mine).doesNotContain(other.series()));
        }
    }

    @Test
    void aParallelStoreGetsOneCallBelowTwoPartsOf2048ReadingsAndSeveralFromThere() {
        // given: a store that gains from parallel calls, on a machine with cores to split over
        Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() > 1,
                "one processor: the batch is validated and stored in one part");
        ListReadingStore justBelow = new ListReadingStore(BucketPolicy.defaults(), true);
        ListReadingStore atThreshold = new ListReadingStore(BucketPolicy.defaults(), true);

        // when
        IngestReport below = UseCases.over(justBelow, ApplicationSettings.defaults(), fixture.clock)
                .ingest().ingest(validBatchOf(2 * 2048 - 1));
        IngestReport at = UseCases.over(atThreshold, ApplicationSettings.defaults(), fixture.clock)
                .ingest().ingest(validBatchOf(2 * 2048));

        // then
        assertThat(below.accepted()).isEqualTo(2 * 2048 - 1);
        assertThat(justBelow.batches()).hasSize(1);
        assertThat(at.accepted()).isEqualTo(2 * 2048);
        assertThat(atThreshold.batches()).hasSizeGreaterThan(1);
    }

    /** {@code size} valid readings of 40 series, one second apart. */
    private List<ReadingInput> validBatchOf(int size) {
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            inputs.add(new ReadingInput(series.value() + "-" + i % 40, NOW.minusSeconds(10_000).plusSeconds(i),
                    Map.of("v", i)));
        }
        return inputs;
    }

    /**
     * Ingests 6,000 readings of 40 series (every 7th with an invalid series id, every 11th repeating
     * its predecessor's time with another value) as one batch into {@code store}, and again as
     * batches of 1,000 (below the parallel threshold) into a list store; asserts the same outcome.
     */
    private void assertLargeBatchIsIngestedLikeSmallBatches(ListReadingStore store) {
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < 6_000; i++) {
            String id = i % 7 == 0 ? "bad id" : series.value() + "-" + i % 40;
            long second = i % 11 == 0 ? i - 40 : i;
            inputs.add(new ReadingInput(id, NOW.minusSeconds(10_000).plusSeconds(second), Map.of("v", i)));
        }
        UseCases large = UseCases.over(store, ApplicationSettings.defaults(), fixture.clock);
        UseCases small = UseCases.over(new ListReadingStore(BucketPolicy.defaults()),
                ApplicationSettings.defaults(), fixture.clock);

        IngestReport whole = large.ingest().ingest(inputs);
        int accepted = 0;
        int duplicates = 0;
        List<Integer> rejectedIndexes = new ArrayList<>();
        for (int from = 0; from < inputs.size(); from += 1_000) {
            IngestReport part = small.ingest().ingest(inputs.subList(from, from + 1_000));
            accepted += part.accepted();
            duplicates += part.duplicates();
            for (Rejection rejection : part.rejected()) {
                rejectedIndexes.add(from + rejection.index());
            }
        }

        // the same counts, the same rejections in batch order, the same stored readings (earlier ones won)
        assertThat(whole.accepted()).isEqualTo(accepted);
        assertThat(whole.duplicates()).isEqualTo(duplicates).isPositive();
        assertThat(whole.rejected()).extracting(Rejection::index).containsExactlyElementsOf(rejectedIndexes);
        for (int s = 0; s < 40; s++) {
            SeriesId id = SeriesId.of(series.value() + "-" + s);
            assertThat(large.read().read(id, null, null, Integer.MAX_VALUE))
                    .isEqualTo(small.read().read(id, null, null, Integer.MAX_VALUE)).isNotEmpty();
        }
    }

    @Test
    void missingBatchIsRefused() {
        assertRefused(() -> fixture.use.ingest().ingest(null), "INVALID_BATCH");
    }

    @Test
    void missingReadingInABatchIsRejectedAtItsIndexWithoutStoppingTheOthers() {
        // given
        List<ReadingInput> batch = Arrays.asList(input(1, 1), null, input(2, 2));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(report.rejected()).extracting(Rejection::index).containsExactly(1);
        assertThat(report.rejected().get(0).message()).contains("missing");
    }

    @Test
    void earlierReadingOfABatchWinsOverALaterOneWithTheSameIdentity() {
        // given
        List<ReadingInput> batch = List.of(input(1, 10), input(1, 20), input(2, 30));

        // when
        IngestReport report = fixture.use.ingest().ingest(batch);

        // then
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(fixture.use.read().read(series, null, null, 10)).extracting(r -> r.fields().number("v"))
                .containsExactly(10.0, 30.0);
    }

    @Test
    void batchOfOnlyInvalidReadingsStoresNothing() {
        // when
        IngestReport report = fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), at(1), Map.of())));

        // then
        assertThat(report.accepted()).isZero();
        assertThat(report.duplicates()).isZero();
        assertThat(report.rejected()).hasSize(1);
        assertThat(fixture.use.describe().describe().readings()).isZero();
    }

    private ReadingInput input(int minute, double value) {
        return new ReadingInput(series.value(), at(minute), Map.of("v", value));
    }

    private static Instant at(int minute) {
        return NOW.minus(Duration.ofHours(2)).plus(Duration.ofMinutes(minute));
    }
}
