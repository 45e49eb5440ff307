package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.TagsUnsupportedException;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.application.testing.ForwardingRollups;
import io.bucketry.application.testing.ListRollupStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link TieredAggregates}' tag filters and groups over the list doubles: the tier's matching slices, merged;
 * the raw store (which keeps no tags here, so refuses) where the tier cannot answer.
 */
class TieredTagQueriesTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final RollupTiers TIERS = new RollupTiers(List.of(new RollupTier(FIVE, Duration.ofDays(400))));
    private static final Instant FROM = Fixtures.BASE.plus(Duration.ofHours(1));
    private static final TimeRange WHOLE = new TimeRange(FROM, FROM.plus(Duration.ofMinutes(15)));
    private static final TagFilter IN_7 = TagFilter.of(TagFilter.Condition.oneOf("building", "7"));
    private static final TagFilter IN_8 = TagFilter.of(TagFilter.Condition.oneOf("building", "8"));
    private static final GroupBy BY_BUILDING = GroupBy.of("building");
    private static final SeriesId MOVED = SeriesId.of("tagtier-a");

    private final ListReadingStore raw = new ListReadingStore(BucketPolicy.defaults());
    private final ListRollupStore rollups = new ListRollupStore();
    private final List<Reading> readings = new ArrayList<>();

    /** a moves from building 7 to 8 at minute 7, b is in 7, c has no tags: a reading a minute for 15 minutes, in the tier. */
    TieredTagQueriesTest() {
        for (int minute = 0; minute < 15; minute++) {
            Instant at = FROM.plus(Duration.ofMinutes(minute));
            readings.add(reading(MOVED, at, minute, Tags.of("building", minute < 7 ? "7" : "8")));
            readings.add(reading(SeriesId.of("tagtier-b"), at, 10 + minute, Tags.of("building", "7")));
            readings.add(reading(SeriesId.of("tagtier-c"), at, 20 + minute, Tags.NONE));
        }
        List<RollupWindow> windows = new ArrayList<>();
        for (String series : List.of("tagtier-a", "tagtier-b", "tagtier-c")) {
            for (int minute = 0; minute < 15; minute += 5) {
                Instant start = FROM.plus(Duration.ofMinutes(minute));
                List<Reading> in = readings.stream().filter(r -> r.series().value().equals(series)
                        && !r.time().isBefore(start) && r.time().isBefore(start.plus(FIVE))).toList();
                windows.add(new RollupWindow(SeriesId.of(series), FIVE, start, TierWindow.of(SeriesId.of(series), start,
                        start.plus(FIVE), in)));
            }
        }
        rollups.replace(windows);
    }

    private static Reading reading(SeriesId series, Instant at, double value, Tags tags) {
        return Reading.of(series.value(), at, Map.of("value", value)).withMeta(SeriesMeta.of(tags));
    }

    private TieredAggregates aggregates(RollupTiers tagged) {
        return new TieredAggregates(raw, rollups, new RollupMaintenance(TIERS, rollups, raw), RetentionPolicy.defaults(),
                tagged);
    }

    @Test
    void aTagFilterIsAnsweredFromTheMatchingSlicesOfTheTier() {
        // when
        TieredAggregates aggregates = aggregates(TIERS);
        List<WindowAggregate> inEight = aggregates.aggregateAll(IN_8, WHOLE, FIVE, 1000, Fixtures.NOW);
        List<WindowAggregate> inEightWhole = aggregates.aggregateAll(IN_8, WHOLE, Duration.ofMinutes(15), 1000, Fixtures.NOW);
        List<WindowAggregate> movedInSeven = aggregates.aggregate(MOVED, IN_7, WHOLE, FIVE, 1000, Fixtures.NOW);

        // then: a's windows from minute 7 on, merged where asked, and its minutes before 7 alone
        assertThat(inEight).isEqualTo(windows(MOVED, IN_8, FIVE));
        assertThat(inEight).extracting(WindowAggregate::count).containsExactly(3L, 5L);
        assertThat(inEightWhole).isEqualTo(windows(MOVED, IN_8, Duration.ofMinutes(15)));
        assertThat(movedInSeven).isEqualTo(windows(MOVED, IN_7, FIVE));
    }

    @Test
    void groupsOverWholeTierWindowsAreMergedFromTheSlicesOfEverySeries() {
        // when
        var groups = aggregates(TIERS).aggregateGroups(TagFilter.ANY, BY_BUILDING, WHOLE, Duration.ofMinutes(15), 1000,
                Fixtures.NOW);

        // then
        GroupAggregator expected = new GroupAggregator(BY_BUILDING, Duration.ofMinutes(15));
        for (String series : List.of("tagtier-a", "tagtier-b", "tagtier-c")) {
            expected.series(SeriesId.of(series));
            expected.addAll(readings.stream().filter(r -> r.series().value().equals(series)).toList());
        }
        assertThat(groups).isEqualTo(expected.result());
        assertThat(groups).extracting(g -> g.group().values().get(0) + " x" + g.series()).containsExactly("null x1", "7 x2", "8 x1");
    }

    @Test
    void aGroupedRangeThatCutsATierWindowIsAnsweredByTheRawReadings() {
        TimeRange cut = new TimeRange(FROM, FROM.plus(Duration.ofMinutes(12)));
        assertThatThrownBy(() -> aggregates(TIERS).aggregateGroups(TagFilter.ANY, BY_BUILDING, cut, FIVE, 1000, Fixtures.NOW))
                .as("the raw store of this test keeps no tags").isInstanceOf(TagsUnsupportedException.class);
    }

    @Test
    void aGroupedRangeThatCutsATierWindowIsRefusedWhereOnlyTheTiersHoldItsStart() {
        // given: the raw readings are kept from minute 7 on
        Instant now = FROM.plus(Duration.ofMinutes(7)).plus(RetentionPolicy.defaults().retention());
        TimeRange cut = new TimeRange(FROM, FROM.plus(Duration.ofMinutes(12)));

        // then
        assertThatThrownBy(() -> aggregates(TIERS).aggregateGroups(TagFilter.ANY, BY_BUILDING, cut, FIVE, 1000, now))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_RANGE"))
                .hasMessageContaining("needs a range of whole 5m windows")
                .hasMessageContaining("kept since " + FROM.plus(Duration.ofMinutes(7)))
                .hasMessageContaining("end the range at " + FROM.plus(Duration.ofMinutes(10)));
        assertThat(aggregates(TIERS).aggregateGroups(TagFilter.ANY, BY_BUILDING, WHOLE, FIVE, 1000, now))
                .as("whole tier windows are answered").hasSize(3);
    }

    @Test
    void tagQueriesReadATierOnlyWhereItsWindowsKeepTags() {
        // given: the tier keeps tags from minute 10 on only (windows before were written without them)
        TieredAggregates aggregates = aggregates(TIERS.coveringSince(tier -> FROM.plus(Duration.ofMinutes(10))));

        // then: untagged queries still read the whole tier; tag queries read the raw store for what is before
        assertThat(aggregates.aggregateAll(TagFilter.ANY, WHOLE, FIVE, 1000, Fixtures.NOW)).hasSize(9);
        assertThatThrownBy(() -> aggregates.aggregateAll(IN_8, WHOLE, FIVE, 1000, Fixtures.NOW))
                .isInstanceOf(TagsUnsupportedException.class);
        assertThatThrownBy(() -> aggregates.aggregate(MOVED, IN_8, WHOLE, FIVE, 1000, Fixtures.NOW))
                .isInstanceOf(TagsUnsupportedException.class);
        assertThatThrownBy(() -> aggregates.aggregateGroups(TagFilter.ANY, BY_BUILDING, WHOLE, FIVE, 1000, Fixtures.NOW))
                .isInstanceOf(TagsUnsupportedException.class);
    }

    @Test
    void aGroupedOrFilteredReadOfTheTierStopsOnceItsAnswerHasMoreWindowsThanAllowed() {
        // given a rollup store counting the slices it hands on: the tier holds 12 (a's middle window has two)
        int[] handed = {0};
        ForwardingRollups counting = new ForwardingRollups(rollups) {
            @Override
            public void readAllTagged(Duration tier, TimeRange range, TierSliceSink sink) {
                super.readAllTagged(tier, range, new TierSliceSink() {
                    @Override
                    public void series(SeriesId series) {
                        sink.series(series);
                    }

                    @Override
                    public boolean slice(long start, long end, Tags tags, FieldSchema fields, long[] values, int at) {
                        handed[0]++;
                        return sink.slice(start, end, tags, fields, values, at);
                    }
                });
            }
        };
        TieredAggregates aggregates = new TieredAggregates(raw, counting, new RollupMaintenance(TIERS, counting, raw),
                RetentionPolicy.defaults(), TIERS);

        // when at most 2 windows may be answered (groups x windows: 9; a, b and c's windows: 9)
        List<GroupWindows> groups = aggregates.aggregateGroups(TagFilter.ANY, BY_BUILDING, WHOLE, FIVE, 2, Fixtures.NOW);
        int groupedRead = handed[0];
        handed[0] = 0;
        List<WindowAggregate> all = aggregates.aggregateAll(TagFilter.of(TagFilter.Condition.any("building")), WHOLE, FIVE, 2,
                Fixtures.NOW);

        // then: answers with more than 2 windows (refused by the caller), each after reading no further than that
        assertThat(groups.stream().mapToInt(g -> g.windows().size()).sum()).isEqualTo(3);
        assertThat(groupedRead).as("slices read for groups, of 12").isEqualTo(3);
        assertThat(all).hasSize(3);
        assertThat(handed[0]).as("slices read for a tag filter, of 12").isEqualTo(5);
    }

    /** The windows of {@code series}' readings that match {@code filter}, by brute force. */
    private List<WindowAggregate> windows(SeriesId series, TagFilter filter, Duration window) {
        WindowAggregator aggregator = new WindowAggregator(series, window);
        readings.stream().filter(r -> r.series().equals(series) && filter.matches(r.meta().tags())).forEach(aggregator::add);
        return aggregator.result();
    }
}
