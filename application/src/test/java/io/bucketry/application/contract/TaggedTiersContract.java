package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Contract theme of rollup tiers with tags (issue 32): grouped and tag-filtered aggregates served by
 * the tiers equal a brute force over the readings with the tags each was written with, a series
 * re-tagged inside a tier window, late readings into a settled window, a duplicate and a deleted
 * series included, before and after the raw readings expire. {@link RollupTiersContract} runs it on
 * every backend that has tiers.
 */
public interface TaggedTiersContract {

    Duration HOUR = Duration.ofHours(1);
    GroupBy BY_BUILDING = GroupBy.of("building");
    TagFilter IN_8 = TagFilter.of(Condition.oneOf("building", "8"));
    TagFilter IN_7 = TagFilter.of(Condition.oneOf("building", "7"));

    /** A new, empty store with the contract's retention, closed after the test. */
    ReadingStore tieredStore();

    /** The rollup store beside {@code store}. */
    StoreRollups rollupsBeside(ReadingStore store);

    /** Use cases with the contract's tiers (1h and 1d) and retention (3 days), on {@link #tierClock()}. */
    UseCases tieredUseCases(ReadingStore store, StoreRollups rollups);

    MutableClock tierClock();

    @Test
    default void groupsAndTagFiltersFromTiersEqualABruteForceBeforeAndAfterTheRawReadingsExpire() {
        ReadingStore store = tieredStore();
        ContractSupport.assumeCapability(store, Capability.TAGS);
        UseCases use = tieredUseCases(store, rollupsBeside(store));
        String prefix = Fixtures.freshPrefix("tagtier");
        SeriesId moved = new SeriesId(prefix + "a");
        SeriesId gone = new SeriesId(prefix + "d");
        Instant start = Instant.ofEpochMilli(Math.floorDiv(tierClock().instant().minus(Duration.ofDays(2)).toEpochMilli(),
                HOUR.toMillis()) * HOUR.toMillis());
        // given: a moves from building 7 to 8 at minute 90 (inside a tier window), b stays in 7, c and d in 8, e has no tags
        List<Reading> written = new ArrayList<>();
        for (int minute = 0; minute < 180; minute++) {
            Instant at = start.plus(Duration.ofMinutes(minute));
            written.add(reading(moved, at, minute, Map.of("building", minute < 90 ? "7" : "8")));
            written.add(reading(new SeriesId(prefix + "b"), at, 2 * minute, Map.of("building", "7")));
            written.add(reading(new SeriesId(prefix + "c"), at, 3 * minute, Map.of("building", "8")));
            written.add(reading(gone, at, 4 * minute, Map.of("building", "8")));
            written.add(reading(new SeriesId(prefix + "e"), at, 5 * minute, Map.of()));
        }
        List<Reading> all = new ArrayList<>(written);
        assertThat(use.ingest().ingest(written.stream().map(ReadingInput::of).toList()).rejected()).isEmpty();
        use.reclaim().reclaim();   // the tier windows are settled
        // late readings into settled windows: one of building 7 among a's readings of building 8, one at 30.5 minutes;
        // and a duplicate of b resent with other tags and value (the first stays)
        List<Reading> late = List.of(
                reading(moved, start.plus(Duration.ofMinutes(100)).plusSeconds(30), 1000, Map.of("building", "7")),
                reading(moved, start.plus(Duration.ofMinutes(30)).plusSeconds(30), 2000, Map.of("building", "7")),
                reading(new SeriesId(prefix + "b"), start.plus(Duration.ofMinutes(10)), 999, Map.of("building", "8")));
        assertThat(use.ingest().ingest(late.stream().map(ReadingInput::of).toList()).duplicates()).isEqualTo(1);
        all.addAll(late.subList(0, 2));
        use.reclaim().reclaim();
        assertThat(use.delete().delete(gone)).isPositive();
        List<Reading> kept = all.stream().filter(r -> !r.series().equals(gone)).toList();

        // when and then: while the raw readings are kept, and after they have expired (only the tiers hold them)
        assertTaggedAnswersEqualBruteForce(use, kept, moved, start, "raw readings kept");
        tierClock().advance(Duration.ofDays(2));
        use.reclaim().reclaim();
        assertThat(start.plus(Duration.ofHours(3))).as("the whole range is past the raw retention")
                .isBefore(tierClock().instant().minus(Duration.ofDays(3)));
        assertTaggedAnswersEqualBruteForce(use, kept, moved, start, "only the tiers hold the range");
        // a range that cuts a tier window where only the tiers hold it cannot be answered exactly
        assertThatThrownBy(() -> use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, start.plus(Duration.ofMinutes(30)),
                start.plus(Duration.ofHours(3)), HOUR, GapFill.none()))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("NOT_IN_ROLLUPS"))
                .hasMessageContaining("cuts a 1h rollup window");
        assertThatThrownBy(() -> use.aggregateAll().aggregateAll(IN_8, start.plus(Duration.ofMinutes(30)),
                start.plus(Duration.ofHours(3)), HOUR, GapFill.none()))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("NOT_IN_ROLLUPS"));
    }

    private static Reading reading(SeriesId series, Instant at, double value, Map<String, String> tags) {
        return Reading.of(series.value(), at, Map.of("value", value)).withMeta(SeriesMeta.of(Tags.of(tags)));
    }

    private static void assertTaggedAnswersEqualBruteForce(UseCases use, List<Reading> kept, SeriesId moved, Instant start,
                                                           String where) {
        Instant end = start.plus(Duration.ofHours(3));
        for (Duration window : List.of(HOUR, Duration.ofHours(3))) {
            String what = where + ", " + window + " windows";
            BruteForceGroups.assertSameGroups(use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, start, end, window,
                    GapFill.none()), BruteForceGroups.groups(kept, TagFilter.ANY, List.of("building"), start, end, window), what);
            BruteForceGroups.assertSameGroups(use.groups().aggregateGroups(IN_8, BY_BUILDING, start, end, window,
                    GapFill.none()), BruteForceGroups.groups(kept, IN_8, List.of("building"), start, end, window), what + " in 8");
            assertSameWindows(use.aggregateAll().aggregateAll(IN_8, start, end, window, GapFill.none()),
                    BruteForce.windows(matching(kept, IN_8), start, end, window), what + ", every series in 8");
            assertSameWindows(use.aggregate().aggregate(moved, IN_7, start, end, window, GapFill.none()),
                    BruteForce.windows(matching(kept, IN_7).stream().filter(r -> r.series().equals(moved)).toList(),
                            start, end, window), what + ", the moved series in 7");
        }
        Instant day = Instant.ofEpochMilli(Math.floorDiv(start.toEpochMilli(), Duration.ofDays(1).toMillis())
                * Duration.ofDays(1).toMillis());
        BruteForceGroups.assertSameGroups(use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, day,
                day.plus(Duration.ofDays(1)), Duration.ofDays(1), GapFill.none()), BruteForceGroups.groups(kept, TagFilter.ANY,
                List.of("building"), day, day.plus(Duration.ofDays(1)), Duration.ofDays(1)), where + ", from the 1d tier");
    }

    private static List<Reading> matching(List<Reading> kept, TagFilter filter) {
        return kept.stream().filter(r -> filter.matches(r.meta().tags())).toList();
    }
}
