package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.SeriesPage;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshPrefix;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Contract theme: series discovery lists ids in order, a page at a time, by a prefix that is a range, not a pattern. */
public interface SeriesListingContract extends ContractSupport {

    private static List<String> ids(SeriesPage page) {
        return page.series().stream().map(summary -> summary.series().value()).toList();
    }

    @Test
    default void seriesAreListedInIdOrderAPageAtATime() {
        // given: five series of one prefix, ingested out of order, and one of another prefix
        UseCases use = useCases(store());
        String prefix = freshPrefix("ls");
        for (String suffix : List.of("c", "a", "e", "b", "d")) {
            ingest(use, List.of(value(SeriesId.of(prefix + suffix), at(minutes(1)), 1)));
        }
        ingest(use, List.of(value(SeriesId.of(freshPrefix("other")), at(minutes(1)), 1)));

        // when
        SeriesPage first = use.series().list(prefix, null, 2);
        SeriesPage second = use.series().list(prefix, first.next().value(), 2);
        SeriesPage third = use.series().list(prefix, second.next().value(), 2);

        // then
        assertThat(ids(first)).containsExactly(prefix + "a", prefix + "b");
        assertThat(first.next()).isEqualTo(SeriesId.of(prefix + "b"));
        assertThat(ids(second)).containsExactly(prefix + "c", prefix + "d");
        assertThat(ids(third)).containsExactly(prefix + "e");
        assertThat(third.next()).as("the last page has no next").isNull();
    }

    @Test
    default void aPrefixIsARangeOfIdsNotAPattern() {
        // given: ids that a regular expression built from the prefix "<p>." would also match
        UseCases use = useCases(store());
        String base = freshPrefix("rx");
        List<String> all = List.of(base, base + ".1", base + ".10", base + "a1", base + "-1", base + "_z");
        for (String id : all) {
            ingest(use, List.of(value(SeriesId.of(id), at(minutes(2)), 1)));
        }

        // when / then
        assertThat(ids(use.series().list(base + ".", null, 10))).containsExactly(base + ".1", base + ".10");
        assertThat(ids(use.series().list(base, null, 10))).containsExactlyElementsOf(all.stream().sorted().toList());
        assertThat(ids(use.series().list(base + ".2", null, 10))).isEmpty();
    }

    @Test
    default void aDeletedSeriesIsNoLongerListed() {
        UseCases use = useCases(store());
        String prefix = freshPrefix("dl");
        ingest(use, List.of(value(SeriesId.of(prefix + "a"), at(minutes(1)), 1),
                value(SeriesId.of(prefix + "b"), at(minutes(1)), 1)));

        use.delete().delete(SeriesId.of(prefix + "a"));

        assertThat(ids(use.series().list(prefix, null, 10))).containsExactly(prefix + "b");
    }

    @Test
    default void countsAndTimesCoverOnlyTheUnexpiredReadings() {
        // given: a store that gives counts; readings across a day, the clock then moved so that the oldest expire
        ReadingStore store = store();
        assumeCapability(store, Capability.SERIES_COUNTS);
        UseCases use = useCases(store);
        String prefix = freshPrefix("ct");
        SeriesId series = SeriesId.of(prefix + "a");
        ingest(use, List.of(value(series, at(minutes(10)), 1), value(series, at(Duration.ofHours(3)), 2),
                value(series, at(Duration.ofHours(20)), 3), value(series, at(Duration.ofHours(5)), 4)));
        clock().advance(Duration.ofDays(90).minus(Duration.ofHours(23)));   // oldest kept: 01:00 of the first day

        // when
        SeriesSummary summary = use.series().list(prefix, null, 10).series().get(0);

        // then: the reading at 00:10 is past retention (90 d), the others are kept
        assertThat(summary).isEqualTo(new SeriesSummary(series, 3L, at(Duration.ofHours(3)), at(Duration.ofHours(20))));
    }

    @Test
    default void aStoreWithoutCountsListsIdsOnly() {
        ReadingStore store = store();
        assumeFalse(store.capabilities().contains(Capability.SERIES_COUNTS),
                () -> "backend '" + store.backend() + "' gives counts; countsAndTimesCoverOnlyTheUnexpiredReadings covers it");
        UseCases use = useCases(store);
        SeriesId series = SeriesId.of(freshPrefix("io"));
        ingest(use, List.of(value(series, at(minutes(1)), 1)));

        assertThat(use.series().list(series.value(), null, 10).series()).containsExactly(SeriesSummary.idOnly(series));
    }
}
