package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** Groups merged from flat tier slices ({@link TierGroups}) against {@link GroupAggregator} over the same readings and windows. */
class TierGroupsTest {

    private static final Tags SEVEN = Tags.of("building", "7");
    private static final Tags EIGHT = Tags.of("building", "8");
    private static final Duration TIER = Duration.ofMinutes(5);
    private static final GroupBy BY_BUILDING = GroupBy.of("building");

    private static Reading reading(SeriesId series, long epochMilli, Tags tags, Map<String, Double> fields) {
        return Reading.at(series, epochMilli, Fields.of(fields)).withMeta(SeriesMeta.of(tags));
    }

    /** Each series' tier windows of {@code readings} (by series, each in time order), by series then start. */
    private static List<TierWindow> tierWindows(List<List<Reading>> bySeries) {
        List<TierWindow> windows = new ArrayList<>();
        for (List<Reading> readings : bySeries) {
            TreeMap<Long, List<Reading>> byWindow = new TreeMap<>();
            readings.forEach(r -> byWindow.computeIfAbsent(Math.floorDiv(r.epochMilli(), TIER.toMillis()), k -> new ArrayList<>()).add(r));
            byWindow.forEach((index, in) -> windows.add(TierWindow.of(in.get(0).series(), Instant.ofEpochMilli(index * TIER.toMillis()),
                    Instant.ofEpochMilli((index + 1) * TIER.toMillis()), in)));
        }
        return windows;
    }

    @Test
    void groupsFromFlatSlicesEqualGroupsOfTheReadingsAndOfTheTierWindowsBitForBit() {
        for (int trial = 0; trial < 300; trial++) {
            long seed = new Random().nextLong();
            Random random = new Random(seed);
            // given series re-tagged at random, fields present or not, readings on a coarse grid (ties across series)
            Tags[] choices = {SEVEN, EIGHT, Tags.of("building", "9"), Tags.NONE, Tags.of("floor", "2")};
            boolean integers = random.nextBoolean();
            List<List<Reading>> bySeries = new ArrayList<>();
            for (int s = 0; s < 1 + random.nextInt(6); s++) {
                SeriesId series = SeriesId.of("s" + s);
                TreeMap<Long, Reading> readings = new TreeMap<>();
                for (int i = 0; i < random.nextInt(30); i++) {
                    long time = 60_000L * (random.nextInt(40) - 10);
                    double value = integers ? random.nextInt(100) : random.nextGaussian() * 1e3;
                    double other = integers ? -2 * value : -value / 3;
                    Map<String, Double> fields = random.nextInt(4) == 0 ? Map.of("w", value) : Map.of("v", value, "w", other);
                    readings.putIfAbsent(time, reading(series, time, choices[random.nextInt(choices.length)], fields));
                }
                bySeries.add(new ArrayList<>(readings.values()));
            }
            Duration window = Duration.ofMinutes(random.nextBoolean() ? 5 : 20);
            TagFilter filter = random.nextBoolean() ? TagFilter.ANY : TagFilter.of(TagFilter.Condition.oneOf("building", "7", "8"));
            List<TierWindow> stored = tierWindows(bySeries);

            // when
            TierGroups flat = new TierGroups(BY_BUILDING, filter, window, Long.MAX_VALUE);
            FlatSlices.feedAll(stored, flat);
            GroupAggregator fromWindows = new GroupAggregator(BY_BUILDING, window);
            stored.forEach(w -> fromWindows.add(w, filter));
            GroupAggregator fromReadings = new GroupAggregator(BY_BUILDING, window);
            for (List<Reading> readings : bySeries) {
                if (!readings.isEmpty()) {
                    fromReadings.series(readings.get(0).series());
                    readings.stream().filter(r -> filter.matches(r.meta().tags()))
                            .forEach(r -> fromReadings.add(r.meta().tags(), r.epochMilli(), r.fields()));
                }
            }

            // then: the tier windows' merge bit for bit; the readings' too where sums are exact whatever the order
            List<GroupWindows> result = flat.result();
            assertThat(result).as("seed %d", seed).isEqualTo(fromWindows.result());
            if (integers) {
                assertThat(result).as("seed %d", seed).isEqualTo(fromReadings.result());
            }
            assertThat(flat.windowCount()).isEqualTo(result.stream().mapToLong(g -> g.windows().size()).sum());
        }
    }

    @Test
    void readingsAtTheSameInstantInTwoSeriesGiveTheFirstOfTheSmallerIdAndTheLastOfTheLarger() {
        // given two series of one building with readings at the same instants
        List<List<Reading>> bySeries = List.of(
                List.of(reading(SeriesId.of("a"), 0, SEVEN, Map.of("v", 1.0)), reading(SeriesId.of("a"), 60_000, SEVEN, Map.of("v", 2.0))),
                List.of(reading(SeriesId.of("b"), 0, SEVEN, Map.of("v", 3.0)), reading(SeriesId.of("b"), 60_000, SEVEN, Map.of("v", 4.0))));

        // when
        TierGroups groups = new TierGroups(BY_BUILDING, TagFilter.ANY, TIER, 10);
        FlatSlices.feedAll(tierWindows(bySeries), groups);

        // then
        GroupWindows seven = groups.result().get(0);
        assertThat(seven.series()).isEqualTo(2);
        WindowAggregate only = seven.windows().get(0);
        assertThat(only.series()).isEqualTo(SeriesId.of("a"));
        assertThat(only.count()).isEqualTo(4);
        assertThat(only.fields().get("v")).isEqualTo(new FieldAggregate(4, 1, 4, 10, 1, 4));
    }

    @Test
    void theReadStopsOnceTheGroupWindowsAreMoreThanTheLimit() {
        // given three series in three buildings, each with a window at 0 and 5 minutes: six group windows
        List<List<Reading>> bySeries = new ArrayList<>();
        Tags[] buildings = {SEVEN, EIGHT, Tags.of("building", "9")};
        for (int s = 0; s < 3; s++) {
            SeriesId series = SeriesId.of("s" + s);
            bySeries.add(List.of(reading(series, 0, buildings[s], Map.of("v", 1.0)), reading(series, 300_000, buildings[s], Map.of("v", 1.0))));
        }
        TierGroups groups = new TierGroups(BY_BUILDING, TagFilter.ANY, TIER, 3);
        List<Boolean> answers = new ArrayList<>();

        // when the limit is 3
        FlatSlices.feedAll(tierWindows(bySeries), new TierSliceSink() {
            @Override
            public void series(SeriesId series) {
                groups.series(series);
            }

            @Override
            public boolean slice(long start, long end, Tags tags, FieldSchema fields, long[] values, int at) {
                boolean more = groups.slice(start, end, tags, fields, values, at);
                answers.add(more);
                return more;
            }
        });

        // then: the fourth group window is the last one read
        assertThat(answers).containsExactly(true, true, true, false);
        assertThat(groups.windowCount()).isEqualTo(4);
    }

    @Test
    void manyGroupsEachCountTheirOwnSeries() {
        // given 40 series in 20 buildings, two a building
        List<List<Reading>> bySeries = new ArrayList<>();
        for (int s = 0; s < 40; s++) {
            SeriesId series = SeriesId.of(String.format("s%02d", s));
            bySeries.add(List.of(reading(series, 0, Tags.of("building", String.format("b%02d", s % 20)), Map.of("v", 1.0 * s))));
        }

        // when
        TierGroups groups = new TierGroups(BY_BUILDING, TagFilter.ANY, TIER, 100);
        FlatSlices.feedAll(tierWindows(bySeries), groups);

        // then
        assertThat(groups.result()).hasSize(20).allSatisfy(group -> assertThat(group.series()).isEqualTo(2))
                .extracting(group -> group.windows().get(0).fields().get("v").sum())
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 20).mapToObj(b -> 2.0 * b + 20).toList());
    }

    @Test
    void hundredsOfGroupWindowsMergeAsTheTierWindowsDoAcrossEveryGrowthOfTheirTable() {
        // given 300 series in 60 buildings, each with readings in 8 tier windows: 480 group windows
        Random random = new Random(32);
        List<List<Reading>> bySeries = new ArrayList<>();
        for (int s = 0; s < 300; s++) {
            SeriesId series = SeriesId.of(String.format("s%03d", s));
            Tags tags = Tags.of("building", "b" + s % 60);
            List<Reading> readings = new ArrayList<>();
            for (int minute = 0; minute < 40; minute += 1 + random.nextInt(3)) {
                readings.add(reading(series, 60_000L * minute, tags, Map.of("v", (double) random.nextInt(1000))));
            }
            bySeries.add(readings);
        }
        List<TierWindow> stored = tierWindows(bySeries);

        // when
        TierGroups flat = new TierGroups(BY_BUILDING, TagFilter.ANY, TIER, Long.MAX_VALUE);
        FlatSlices.feedAll(stored, flat);
        GroupAggregator fromWindows = new GroupAggregator(BY_BUILDING, TIER);
        stored.forEach(w -> fromWindows.add(w, TagFilter.ANY));

        // then
        assertThat(flat.windowCount()).isEqualTo(480);
        assertThat(flat.result()).isEqualTo(fromWindows.result());
    }

    @Test
    void noSliceGivesNoGroup() {
        assertThat(new TierGroups(BY_BUILDING, TagFilter.ANY, TIER, 10).result()).isEmpty();
    }
}
