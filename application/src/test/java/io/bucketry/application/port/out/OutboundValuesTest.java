package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The small values stores answer with: their factories and sums say what their names say. */
class OutboundValuesTest {

    @Test
    void storeResultsAddUpTheirAcceptedAndDuplicateCountsSeparately() {
        // given
        StoreResult first = new StoreResult(3, 1);
        StoreResult second = new StoreResult(5, 2);

        // when
        StoreResult sum = first.plus(second);

        // then
        assertThat(sum).isEqualTo(new StoreResult(8, 3));
        assertThat(StoreResult.EMPTY.plus(first)).isEqualTo(first);
    }

    @Test
    void statisticsDeriveReadingsPerBucketAsTheReductionAndZeroForNoBuckets() {
        // given: 10 readings in 4 buckets, and an empty store
        StorageStatistics some = StorageStatistics.of("b", 2, 10, 4, 3, 512.0, null);
        StorageStatistics none = StorageStatistics.of("b", 0, 0, 0, 0, null, "empty");

        // then
        assertThat(some.avgReadingsPerBucket()).isEqualTo(2.5);
        assertThat(some.documentReduction()).isEqualTo(2.5);
        assertThat(some.maxReadingsPerBucket()).isEqualTo(3);
        assertThat(none.avgReadingsPerBucket()).isZero();
        assertThat(none.documentReduction()).isZero();
        assertThat(none.note()).isEqualTo("empty");
    }

    @Test
    void aHealthyStoreIsUpWithoutReasonAndADownOneCarriesItsReason() {
        assertThat(StoreHealth.healthy()).isEqualTo(new StoreHealth(true, ""));
        assertThat(StoreHealth.down("disk full")).isEqualTo(new StoreHealth(false, "disk full"));
    }

    @Test
    void anIdOnlySummaryKnowsTheSeriesAndNoCounts() {
        SeriesSummary summary = SeriesSummary.idOnly(SeriesId.of("s1"));

        assertThat(summary.series()).isEqualTo(SeriesId.of("s1"));
        assertThat(summary.readings()).isNull();
        assertThat(summary.first()).isNull();
        assertThat(summary.last()).isNull();
    }
}
