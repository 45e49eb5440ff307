package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A tier window's slices per tags ({@link TierWindow}) and their group merge, against the readings themselves. */
class TierWindowTest {

    private static final Tags SEVEN = Tags.of("building", "7");
    private static final Tags EIGHT = Tags.of("building", "8");
    private static final SeriesId SERIES = SeriesId.of("s");
    private static final Instant START = Instant.ofEpochMilli(600_000);
    private static final Instant END = START.plusSeconds(300);

    private static Reading reading(SeriesId series, long epochMilli, Tags tags, double value) {
        return Reading.at(series, epochMilli, Fields.of(Map.of("v", value))).withMeta(SeriesMeta.of(tags));
    }

    @Test
    void aSeriesReTaggedInsideTheWindowKeepsASlicePerTagsAndTheWholeIsAllItsReadings() {
        // given readings in building 7, then 8, and a late one of building 7 among those of 8
        List<Reading> readings = List.of(reading(SERIES, 600_000, SEVEN, 4), reading(SERIES, 660_000, SEVEN, 1),
                reading(SERIES, 720_000, EIGHT, 9), reading(SERIES, 750_000, SEVEN, 2), reading(SERIES, 780_000, EIGHT, 3));

        // when
        TierWindow window = TierWindow.of(SERIES, START, END, readings);

        // then
        assertThat(window.slices()).extracting(TierSlice::tags).containsExactly(SEVEN, EIGHT);
        assertThat(window.slices().get(0).fields().get("v")).isEqualTo(new FieldSpan(3, 1, 4, 7, 600_000, 4, 750_000, 2));
        assertThat(window.whole()).isEqualTo(aggregateOf(readings));
        assertThat(window.matching(TagFilter.of(TagFilter.Condition.oneOf("building", "8"))))
                .isEqualTo(aggregateOf(readings.stream().filter(r -> r.meta().tags().equals(EIGHT)).toList()));
        assertThat(window.matching(TagFilter.of(TagFilter.Condition.oneOf("building", "9")))).isNull();
    }

    @Test
    void noReadingsMakeNoWindow() {
        assertThat(TierWindow.of(SERIES, START, END, List.of())).isNull();
    }

    @Test
    void aWindowWithoutASliceOrWithTwoSlicesOfTheSameTagsIsRefused() {
        TierSlice slice = new TierSlice(SEVEN, 1, Map.of());
        assertThatThrownBy(() -> new TierWindow(SERIES, START, END, List.of())).hasMessageContaining("holds no slice");
        assertThatThrownBy(() -> new TierWindow(SERIES, START, END, List.of(slice, slice))).hasMessageContaining("same tags");
        assertThatThrownBy(() -> new TierWindow(SERIES, END, START, List.of(slice))).hasMessageContaining("not before");
        assertThatThrownBy(() -> new TierSlice(SEVEN, 0, Map.of())).hasMessageContaining("count 0");
        assertThatThrownBy(() -> new TierSlice(SEVEN, 1, Map.of("v", new FieldSpan(2, 0, 1, 1, 0, 0, 1, 1))))
                .hasMessageContaining("field 'v' has 2 values in a slice of 1 readings");
    }

    @Test
    void groupsMergedFromTierWindowsEqualGroupsOfTheReadingsWithTheirTiesAndFilters() {
        for (int trial = 0; trial < 200; trial++) {
            long seed = new Random().nextLong();
            Random random = new Random(seed);
            // given series re-tagged at random among three buildings and none, readings on a coarse grid (ties across series)
            Tags[] choices = {SEVEN, EIGHT, Tags.of("building", "9"), Tags.NONE};
            List<List<Reading>> bySeries = new ArrayList<>();
            for (int s = 0; s < 1 + random.nextInt(5); s++) {
                SeriesId series = SeriesId.of("s" + s);
                TreeMap<Long, Reading> readings = new TreeMap<>();
                for (int i = 0; i < random.nextInt(30); i++) {
                    long time = 60_000L * random.nextInt(40);
                    readings.putIfAbsent(time, reading(series, time, choices[random.nextInt(choices.length)], random.nextInt(100)));
                }
                bySeries.add(new ArrayList<>(readings.values()));
            }
            Duration tier = Duration.ofMinutes(5);
            Duration window = Duration.ofMinutes(random.nextBoolean() ? 5 : 20);
            TagFilter filter = random.nextBoolean() ? TagFilter.ANY : TagFilter.of(TagFilter.Condition.oneOf("building", "7", "8"));

            // when one aggregator takes the readings and another the series' tier windows
            GroupAggregator fromReadings = new GroupAggregator(GroupBy.of("building"), window);
            GroupAggregator fromTier = new GroupAggregator(GroupBy.of("building"), window);
            for (List<Reading> readings : bySeries) {
                if (readings.isEmpty()) {
                    continue;
                }
                fromReadings.series(readings.get(0).series());
                readings.stream().filter(r -> filter.matches(r.meta().tags()))
                        .forEach(r -> fromReadings.add(r.meta().tags(), r.epochMilli(), r.fields()));
                TreeMap<Long, List<Reading>> windows = new TreeMap<>();
                readings.forEach(r -> windows.computeIfAbsent(r.epochMilli() / tier.toMillis(), k -> new ArrayList<>()).add(r));
                windows.forEach((index, in) -> fromTier.add(TierWindow.of(in.get(0).series(), Instant.ofEpochMilli(index * tier.toMillis()),
                        Instant.ofEpochMilli((index + 1) * tier.toMillis()), in), filter));
            }

            // then (values are small integers: every sum is exact whatever the order)
            assertThat(fromTier.result()).as("seed %d", seed).isEqualTo(fromReadings.result());
        }
    }

    private static WindowAggregate aggregateOf(List<Reading> readings) {
        WindowAggregator aggregator = new WindowAggregator(SERIES, Duration.ofMinutes(5));
        readings.stream().sorted(Comparator.comparing(Reading::time)).forEach(aggregator::add);
        return aggregator.result().get(0);
    }
}
