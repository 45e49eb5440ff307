package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A group's windows are the same whether a series is added reading by reading or as its windows. */
class GroupWindowsPathsTest {

    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);
    private static final Tags SEVEN = Tags.of("building", "7");
    private static final Tags EIGHT = Tags.of("building", "8");

    private static List<Reading> readings(String series, Tags tags, double... values) {
        List<Reading> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            out.add(Reading.at(SeriesId.of(series), 1_000L + 4_000L * i, Fields.of(Map.of("v", values[i], "w", -values[i])))
                    .withMeta(SeriesMeta.of(tags)));
        }
        return out;
    }

    private static WindowAggregator windowsOf(List<Reading> readings) {
        WindowAggregator windows = new WindowAggregator(readings.get(0).series(), TEN_SECONDS);
        readings.forEach(windows::add);
        return windows;
    }

    @Test
    void windowsAddedWholeMergeAsTheirReadingsWould() {
        List<Reading> a = readings("a", SEVEN, 1, 2, 3, 4, 5);
        List<Reading> b = readings("b", SEVEN, 10, 20, 30);
        List<Reading> c = readings("c", EIGHT, 7, 8);

        GroupAggregator byReadings = new GroupAggregator(GroupBy.of("building"), TEN_SECONDS);
        for (List<Reading> series : List.of(a, b, c)) {
            byReadings.series(series.get(0).series());
            byReadings.addAll(series);
        }
        GroupAggregator byWindows = new GroupAggregator(GroupBy.of("building"), TEN_SECONDS);
        for (List<Reading> series : List.of(a, b, c)) {
            byWindows.series(series.get(0).series());
            byWindows.addWindows(series.get(0).meta().tags(), windowsOf(series));
        }

        assertThat(byWindows.windowCount()).isEqualTo(byReadings.windowCount()).isEqualTo(3);   // 7: [0,10s) [10s,20s); 8: [0,10s)
        List<GroupWindows> expected = byReadings.result();
        assertThat(byWindows.result()).isEqualTo(expected);
        assertThat(expected).extracting(GroupWindows::series).containsExactly(2, 1);
        assertThat(expected.get(0).windows().get(0).fields().get("v").sum()).isEqualTo(1 + 2 + 3 + 10 + 20 + 30);
    }

    @Test
    void theWindowCountGrowsWithEachGroupsWindows() {
        GroupAggregator aggregator = new GroupAggregator(GroupBy.of("building"), TEN_SECONDS);
        assertThat(aggregator.windowCount()).isZero();
        aggregator.series(SeriesId.of("a"));
        aggregator.addAll(readings("a", SEVEN, 1));
        assertThat(aggregator.windowCount()).isEqualTo(1);
        aggregator.series(SeriesId.of("b"));
        aggregator.addAll(readings("b", EIGHT, 1, 2, 3, 4));   // at 1, 5, 9 and 13 s: two windows of 10 s
        assertThat(aggregator.windowCount()).isEqualTo(3);
    }

    @Test
    void metaOfNoTagsIsNoneAndWithTagsKeepsTheMeasurement() {
        assertThat(SeriesMeta.of(Tags.NONE)).isSameAs(SeriesMeta.NONE);
        assertThat(SeriesMeta.of(SEVEN)).isEqualTo(new SeriesMeta(null, SEVEN));
        SeriesMeta cpu = new SeriesMeta("cpu", SEVEN);
        assertThat(cpu.withTags(SEVEN)).isSameAs(cpu);
        assertThat(cpu.withTags(EIGHT)).isEqualTo(new SeriesMeta("cpu", EIGHT));
        assertThat(Tags.NONE.isEmpty()).isTrue();
        assertThat(SEVEN.isEmpty()).isFalse();
        assertThat(TagFilter.ANY.isAny()).isTrue();
        assertThat(TagFilter.of(TagFilter.Condition.oneOf("building", "7")).isAny()).isFalse();
    }
}
