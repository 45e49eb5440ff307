package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Contract theme: storage statistics describe what is physically stored (seed 000's "Verify with"). */
public interface StatisticsContract extends ContractSupport {

    @Test
    default void emptyStoreReportsNothingStored() {
        // given
        ReadingStore store = store();

        // when
        StorageStatistics statistics = useCases(store).describe().describe();

        // then
        assertThat(statistics.backend()).isEqualTo(store.backend()).isNotBlank();
        assertThat(statistics.series()).isZero();
        assertThat(statistics.readings()).isZero();
        assertThat(statistics.buckets()).isZero();
        assertThat(statistics.maxReadingsPerBucket()).isZero();
    }

    @Test
    default void statisticsCountSeriesAndReadings() {
        // given
        UseCases use = useCases(store());

        // when: two series ingested, with a duplicate, in two batches
        ingestTwoSeries(use);
        StorageStatistics statistics = use.describe().describe();

        // then
        assertThat(statistics.series()).isEqualTo(2);
        assertThat(statistics.readings()).isEqualTo(12);
        assertThat(statistics.documentReduction()).isCloseTo((double) statistics.readings() / statistics.buckets(),
                within(1e-9));
    }

    @Test
    default void statisticsCountTheBucketsThePolicyLaysOut() {
        // given: a store that lays buckets out as its policy says (one per series and hour here)
        ReadingStore store = store();
        assumeCapability(store, Capability.POLICY_BUCKETS);
        UseCases use = useCases(store);

        // when
        ingestTwoSeries(use);
        StorageStatistics statistics = use.describe().describe();

        // then: buckets of 5 and 3 readings for the first series, of 4 for the second
        assertThat(statistics.buckets()).isEqualTo(3);
        assertThat(statistics.avgReadingsPerBucket()).isCloseTo(4.0, within(1e-9));
        assertThat(statistics.maxReadingsPerBucket()).isEqualTo(5);
        assertThat(statistics.documentReduction()).isCloseTo(12.0 / 3, within(1e-9));
    }

    /**
     * One series with 5 readings in one hour and 3 in the next, another with 4 in one hour; in two
     * batches, the second resending the last reading of the first.
     */
    private static void ingestTwoSeries(UseCases use) {
        SeriesId first = freshSeries("st");
        SeriesId second = freshSeries("st");
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            readings.add(value(first, at(minutes(2L * i)), i));
        }
        for (int i = 0; i < 3; i++) {
            readings.add(value(first, at(minutes(60L + i)), i));
        }
        for (int i = 0; i < 4; i++) {
            readings.add(value(second, at(Duration.ofHours(7).plusMinutes(i)), i));
        }
        ingest(use, readings.subList(0, 6));
        ingest(use, readings.subList(5, 12));
    }

    @Test
    default void storeWithoutBucketBytesReportsNoAverageSize() {
        // given
        ReadingStore store = store();
        assumeFalse(store.capabilities().contains(Capability.BUCKET_BYTES),
                () -> "backend '" + store.backend() + "' has BUCKET_BYTES, so it reports a size");
        UseCases use = useCases(store);
        ingest(use, List.of(value(freshSeries("st"), at(minutes(1)), 1)));

        // when / then
        assertThat(use.describe().describe().avgBucketBytes()).isNull();
    }

    @Test
    default void storeWithBucketBytesReportsTheAverageSize() {
        // given: buckets of 10 readings, each with its own text of about 200 characters
        ReadingStore store = store();
        assumeCapability(store, Capability.BUCKET_BYTES);
        UseCases use = useCases(store);
        SeriesId series = freshSeries("st");
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            readings.add(Fixtures.reading(series, at(minutes(6L * i)), "value", i, "note", "x".repeat(190) + (1000 + i)));
        }
        ingest(use, readings);

        // when
        Double bytes = use.describe().describe().avgBucketBytes();

        // then: at least the texts themselves, far below MongoDB's 16 MB
        assertThat(bytes).isNotNull().isBetween(10 * 200.0, 1_000_000.0);
    }
}
