package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GroupAggregatorTest {

    private static final Tags SEVEN = Tags.of("building", "7");
    private static final Tags EIGHT = Tags.of("building", "8");

    @Test
    void windowsOfOneGroupMergeAcrossSeriesWithTiesByseriesId() {
        // given two series of building 7 with a reading each at 1000 ms, and one of b before
        GroupAggregator aggregator = new GroupAggregator(GroupBy.of("building"), Duration.ofSeconds(10));
        aggregator.series(SeriesId.of("a"));
        aggregator.add(SEVEN, 1_000, Fields.of(Map.of("v", 1.0)));
        aggregator.add(SEVEN, 2_000, Fields.of(Map.of("v", 2.0)));
        aggregator.series(SeriesId.of("b"));
        aggregator.add(SEVEN, 1_000, Fields.of(Map.of("v", 10.0)));
        aggregator.add(SEVEN, 2_000, Fields.of(Map.of("v", 20.0)));

        // when
        List<GroupWindows> groups = aggregator.result();

        // then first is a's (same instant, smaller id), last is b's (same instant, larger id)
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).series()).isEqualTo(2);
        WindowAggregate window = groups.get(0).windows().get(0);
        assertThat(window.count()).isEqualTo(4);
        assertThat(window.fields().get("v")).isEqualTo(new FieldAggregate(4, 1.0, 20.0, 33.0, 1.0, 20.0));
    }

    @Test
    void aSeriesRetaggedInsideAWindowCountsInBothGroups() {
        // given
        GroupAggregator aggregator = new GroupAggregator(GroupBy.of("building"), Duration.ofSeconds(10));
        aggregator.series(SeriesId.of("s"));
        aggregator.add(SEVEN, 1_000, Fields.of(Map.of("v", 1.0)));
        aggregator.add(EIGHT, 2_000, Fields.of(Map.of("v", 2.0)));
        aggregator.add(Tags.NONE, 3_000, Fields.of(Map.of("v", 3.0)));

        // when
        List<GroupWindows> groups = aggregator.result();

        // then the untagged reading is the group with no building, sorted first
        assertThat(groups).extracting(g -> g.group().values().get(0)).containsExactly(null, "7", "8");
        assertThat(groups).extracting(GroupWindows::series).containsExactly(1, 1, 1);
        assertThat(groups).extracting(g -> g.windows().get(0).fields().get("v").sum()).containsExactly(3.0, 1.0, 2.0);
    }

    @Test
    void windowCountCountsEveryGroupsWindowsAsSeriesAreAddedByWindowsAndByReadings() {
        // given 10-second windows, building 7 twice by windows (equal tags, two objects), building 8 by readings
        GroupAggregator aggregator = new GroupAggregator(GroupBy.of("building"), Duration.ofSeconds(10));
        aggregator.series(SeriesId.of("a"));
        aggregator.addWindows(SEVEN, windowsOf("a", 1_000, 11_000));
        long afterA = aggregator.windowCount();
        aggregator.series(SeriesId.of("b"));
        aggregator.addWindows(Tags.of("building", "7"), windowsOf("b", 11_000, 21_000));
        long afterB = aggregator.windowCount();
        aggregator.series(SeriesId.of("c"));
        aggregator.add(EIGHT, 1_000, Fields.of(Map.of("v", 5.0)));
        long whileC = aggregator.windowCount();
        aggregator.add(EIGHT, 2_000, Fields.of(Map.of("v", 6.0)));

        // when
        List<GroupWindows> groups = aggregator.result();

        // then building 7 holds windows 0, 10 and 20 s of two series; building 8 one window
        assertThat(afterA).isEqualTo(2);
        assertThat(afterB).isEqualTo(3);
        assertThat(whileC).isEqualTo(4);
        assertThat(aggregator.windowCount()).isEqualTo(4);
        assertThat(groups).extracting(GroupWindows::series).containsExactly(2, 1);
        assertThat(groups.get(0).windows()).extracting(WindowAggregate::count).containsExactly(1L, 2L, 1L);
        assertThat(groups.get(0).windows().get(1).fields().get("v").sum()).isEqualTo(11_000.0 + 11_000.0);
    }

    @Test
    void aWindowTheCurrentSeriesSharesWithEarlierOnesCountsOnce() {
        // given three series of one group, each with a reading in the same two windows
        GroupAggregator aggregator = new GroupAggregator(GroupBy.of("building"), Duration.ofSeconds(10));
        for (String series : List.of("a", "b", "c")) {
            aggregator.series(SeriesId.of(series));
            aggregator.add(SEVEN, 1_000, Fields.of(Map.of("v", 1.0)));
            aggregator.add(SEVEN, 11_000, Fields.of(Map.of("v", 2.0)));

            // then a store that stops past two windows does not stop: there are two
            assertThat(aggregator.windowCount()).as("while " + series).isEqualTo(2);
        }
        aggregator.add(SEVEN, 21_000, Fields.of(Map.of("v", 3.0)));
        assertThat(aggregator.windowCount()).as("c opens a third").isEqualTo(3);
        assertThat(aggregator.result().get(0).series()).isEqualTo(3);
    }

    @Test
    void aSeriesAddedByReadingsAndThenByWindowsCountsOnceInItsGroup() {
        GroupAggregator aggregator = new GroupAggregator(GroupBy.of("building"), Duration.ofSeconds(10));
        aggregator.series(SeriesId.of("a"));
        aggregator.add(SEVEN, 1_000, Fields.of(Map.of("v", 1.0)));
        aggregator.addWindows(SEVEN, windowsOf("a", 11_000));

        assertThat(aggregator.result()).extracting(GroupWindows::series).containsExactly(1);
    }

    /** A series' windows of 10 s holding one reading at each of {@code times}, its value its time. */
    private static WindowAggregator windowsOf(String series, long... times) {
        WindowAggregator windows = new WindowAggregator(SeriesId.of(series), Duration.ofSeconds(10));
        for (long time : times) {
            windows.add(Reading.at(SeriesId.of(series), time, Fields.of(Map.of("v", (double) time))));
        }
        return windows;
    }

    @Test
    void seriesOutOfIdOrderAreRefused() {
        GroupAggregator aggregator = new GroupAggregator(GroupBy.of("building"), Duration.ofSeconds(10));
        aggregator.series(SeriesId.of("b"));
        assertThatThrownBy(() -> aggregator.series(SeriesId.of("a"))).hasMessageContaining("id order");
    }
}
