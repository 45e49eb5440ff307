package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Contract theme: page N of a series is the readings [(N-1)·S, N·S) in time order, in every store and as stored pages. */
public interface PagingContract extends ContractSupport {

    @Test
    default void pageNHoldsTheNthSliceOfTheSortedReadings() {
        // given: 23 readings over several buckets, ingested out of order
        UseCases use = useCases(store());
        SeriesId series = freshSeries("pg");
        List<Reading> sorted = readingsEvery(series, 23, minutes(11));
        ingest(use, shuffled(sorted));

        // when / then
        for (int n = 1; n <= 5; n++) {
            assertThat(use.page().page(series, n, 5)).as("page %d", n)
                    .contains(sorted.subList((n - 1) * 5, Math.min(23, n * 5)));
        }
    }

    @Test
    default void pagePastTheLastIsEmpty() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("pg");
        ingest(use, readingsEvery(series, 10, minutes(1)));

        // when / then
        assertThat(use.page().page(series, 2, 5)).hasValueSatisfying(page -> assertThat(page).hasSize(5));
        assertThat(use.page().page(series, 3, 5)).isEmpty();
        assertThat(use.page().page(series, 1_000_000, 5)).isEmpty();
        assertThat(use.page().page(series, Long.MAX_VALUE, 100)).isEmpty();
        assertThat(use.page().page(series, Long.MAX_VALUE / 7 + 1, 7)).as("a page whose end index overflows a long")
                .isEmpty();
        assertThat(use.page().page(freshSeries("pg"), 1, 5)).isEmpty();
    }

    @Test
    default void pageSizeDefaultsToTheConfiguredPageSize() {
        // given
        ApplicationSettings settings = new ApplicationSettings(RetentionPolicy.defaults(), 1000, 1000, 4);
        UseCases use = useCases(store(), settings);
        SeriesId series = freshSeries("pg");
        List<Reading> sorted = readingsEvery(series, 10, minutes(3));
        ingest(use, sorted);

        // when / then
        assertThat(use.page().page(series, 3, null)).contains(sorted.subList(8, 10));
    }

    @Test
    default void pagesOfSeriesWhoseIdsArePrefixesOfOthersStayApart() {
        assertPagesKeepSeriesApart(store());
    }

    @Test
    default void pagedPolicyStoresEachPageAsOneBucketOfMaxCountReadings() {
        // given
        UseCases use = useCases(pagedStore(5), pagedSettings(5));
        SeriesId series = freshSeries("pg");
        List<Reading> sorted = readingsEvery(series, 23, minutes(7));

        // when: readings in time order
        ingest(use, sorted);

        // then: five pages, the last one partial, each one bucket
        StorageStatistics statistics = use.describe().describe();
        assertThat(statistics.buckets()).isEqualTo(5);
        assertThat(statistics.maxReadingsPerBucket()).isEqualTo(5);
        for (int n = 1; n <= 5; n++) {
            assertThat(use.page().page(series, n, null)).as("page %d", n)
                    .contains(sorted.subList((n - 1) * 5, Math.min(23, n * 5)));
        }
        assertThat(use.page().page(series, 6, null)).isEmpty();
    }

    @Test
    default void pagedStoreKeepsPagesInTimeOrderAfterLateReadings() {
        // given
        UseCases use = useCases(pagedStore(4), pagedSettings(4));
        SeriesId series = freshSeries("pg");
        List<Reading> sorted = readingsEvery(series, 18, minutes(5));

        // when: in random order, in several batches
        List<Reading> shuffled = shuffled(sorted);
        ingest(use, shuffled.subList(0, 7));
        ingest(use, shuffled.subList(7, 18));

        // then
        for (int n = 1; n <= 5; n++) {
            assertThat(use.page().page(series, n, null)).as("page %d", n)
                    .contains(sorted.subList((n - 1) * 4, Math.min(18, n * 4)));
        }
        assertThat(use.page().page(series, 6, null)).isEmpty();
        assertThat(readAll(use, series)).containsExactlyElementsOf(sorted);
    }

    @Test
    default void pagedStoreKeepsSeriesWithPrefixIdsApart() {
        assertPagesKeepSeriesApart(pagedStore(3));
    }

    @Test
    default void pagedStoreAnswersRangeLatestAndAggregateQueries() {
        // given
        UseCases use = useCases(pagedStore(3), pagedSettings(3));
        SeriesId series = freshSeries("pg");
        List<Reading> sorted = readingsEvery(series, 14, minutes(13));
        ingest(use, shuffled(sorted));

        // when / then
        assertThat(use.read().read(series, at(minutes(26)), at(minutes(100)), 100)).containsExactlyElementsOf(
                BruteForce.range(sorted, series, at(minutes(26)), at(minutes(100))));
        assertThat(use.latest().latest(series)).contains(sorted.get(13));
        WindowAssertions.assertSameWindows(use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(30)),
                BruteForce.windows(sorted, Fixtures.BASE, Fixtures.NOW, minutes(30)));
    }

    @Test
    default void storeWithoutPagedBucketsRefusesAPagedPolicy() {
        // given
        ReadingStore probe = store();
        assumeFalse(probe.capabilities().contains(Capability.PAGED_BUCKETS),
                () -> "backend '" + probe.backend() + "' has PAGED_BUCKETS, so it accepts a paged policy");

        // when / then
        assertThatThrownBy(() -> store(BucketPolicy.paged(10)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("paged");
    }

    private void assertPagesKeepSeriesApart(ReadingStore store) {
        // given: ids that a careless prefix match or an unescaped regular expression would confuse
        UseCases use = useCases(store);
        String prefix = Fixtures.freshPrefix("pg");
        List<SeriesId> ids = List.of(new SeriesId(prefix + "123"), new SeriesId(prefix + "1234"),
                new SeriesId(prefix + "123_4"), new SeriesId(prefix + "a.b"), new SeriesId(prefix + "axb"));
        List<Reading> all = new ArrayList<>();
        for (SeriesId id : ids) {
            all.addAll(readingsEvery(id, 7, minutes(9)));
        }
        ingest(use, shuffled(all));

        // when / then
        for (SeriesId id : ids) {
            List<Reading> own = BruteForce.range(all, id, Fixtures.BASE, Fixtures.NOW);
            assertThat(use.page().page(id, 1, 3)).as("page 1 of %s", id).contains(own.subList(0, 3));
            assertThat(use.page().page(id, 3, 3)).as("page 3 of %s", id).contains(own.subList(6, 7));
            assertThat(use.page().page(id, 4, 3)).as("page 4 of %s", id).isEmpty();
        }
    }

    /** A store with the paged policy; skips the test for stores lacking PAGED_BUCKETS. */
    private ReadingStore pagedStore(int pageSize) {
        assumeCapability(store(), Capability.PAGED_BUCKETS);
        return store(BucketPolicy.paged(pageSize));
    }

    private static ApplicationSettings pagedSettings(int pageSize) {
        ApplicationSettings defaults = ApplicationSettings.defaults();
        return new ApplicationSettings(defaults.retention(), defaults.maxBatchSize(), defaults.maxWindows(), pageSize);
    }

    private static List<Reading> readingsEvery(SeriesId series, int count, Duration step) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            readings.add(value(series, at(step.multipliedBy(i)).plusMillis(i), i));
        }
        return readings;
    }

    private static List<Reading> shuffled(List<Reading> readings) {
        List<Reading> shuffled = new ArrayList<>(readings);
        Collections.shuffle(shuffled, new Random(7));
        return shuffled;
    }
}
