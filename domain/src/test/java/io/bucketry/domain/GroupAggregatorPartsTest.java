package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Series fed in any order with their ranks ({@link GroupAggregator#part}) against a brute force over the readings. */
class GroupAggregatorPartsTest {

    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final GroupBy BY_BUILDING = GroupBy.of("building");

    /** One series' readings: its tags, and per reading its time and fields. */
    private record Series(SeriesId id, Tags tags, List<Long> times, List<Map<String, Object>> fields) {
    }

    @Test
    void seriesReadInAnyOrderMergeAsABruteForceOverTheReadingsInIdOrder() {
        for (long seed = 1; seed <= 8; seed++) {
            // given series of three buildings with readings at shared instants (ties), out of time order, with
            // their fields in either order, fields that turn up late, and one series of many windows (a part
            // larger than a chunk), fed in a shuffled order
            List<Series> series = randomSeries(new Random(seed));
            List<Series> shuffled = new ArrayList<>(series);
            Collections.shuffle(shuffled, new Random(seed));
            int spread = seed % 2 == 0 ? 3 : 100_000;   // ranks with small gaps (placed) or large ones (sorted)

            // when
            GroupAggregator aggregator = new GroupAggregator(BY_BUILDING, WINDOW);
            int[] ranks = new int[shuffled.size()];
            for (int i = 0; i < shuffled.size(); i++) {
                Series one = shuffled.get(i);
                aggregator.part(one.id());
                ranks[i] = series.indexOf(one) * spread;
                feed(aggregator, one);
            }
            long counted = aggregator.windowCount();
            List<GroupWindows> groups = aggregator.result(ranks);

            // then
            assertThat(groups).as("seed " + seed).isEqualTo(bruteForce(series));
            assertThat(counted).as("seed " + seed).isEqualTo(groups.stream().mapToLong(g -> g.windows().size()).sum());
        }
    }

    @Test
    void seriesInIdOrderGiveTheSameAnswerAsByRank() {
        List<Series> series = randomSeries(new Random(7));
        GroupAggregator aggregator = new GroupAggregator(BY_BUILDING, WINDOW);
        for (Series one : series) {
            aggregator.series(one.id());
            feed(aggregator, one);
        }
        assertThat(aggregator.result()).isEqualTo(bruteForce(series));
    }

    @Test
    void ranksMustBeOnePerSeriesEachItsOwnAndNotNegative() {
        assertThatThrownBy(() -> twoParts().result(new int[] {0})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 ranks for 2 series parts");
        assertThatThrownBy(() -> twoParts().result(new int[] {4, 4})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rank 4");
        assertThatThrownBy(() -> twoParts().result(new int[] {1_000_000, 1_000_000}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rank 1000000");
        assertThatThrownBy(() -> twoParts().result(new int[] {0, -1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rank -1 of series b");
    }

    @Test
    void theTwoOrdersDoNotMix() {
        GroupAggregator byRank = twoParts();
        assertThatThrownBy(() -> byRank.series(SeriesId.of("c"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(byRank::result).isInstanceOf(IllegalStateException.class);

        GroupAggregator inIdOrder = new GroupAggregator(BY_BUILDING, WINDOW);
        inIdOrder.series(SeriesId.of("a"));
        assertThatThrownBy(() -> inIdOrder.part(SeriesId.of("b"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> inIdOrder.result(new int[] {0})).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aReadingNeedsItsSeriesAndItsTags() {
        GroupAggregator aggregator = new GroupAggregator(BY_BUILDING, WINDOW);
        assertThatThrownBy(() -> aggregator.reading(1_000)).isInstanceOf(IllegalStateException.class);
        aggregator.part(SeriesId.of("a"));
        assertThatThrownBy(() -> aggregator.reading(1_000)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aGroupWhoseSeriesHadNothingToAddIsNotAnswered() {
        GroupAggregator byRank = twoParts();
        byRank.part(SeriesId.of("c"));
        byRank.tags(Tags.of("building", "9"));   // a series of building 9 with no reading in range

        GroupAggregator inIdOrder = new GroupAggregator(BY_BUILDING, WINDOW);
        inIdOrder.series(SeriesId.of("a"));
        inIdOrder.add(Tags.of("building", "7"), 1_000, Fields.of(Map.of("v", 1.0)));
        inIdOrder.series(SeriesId.of("b"));
        inIdOrder.tags(Tags.of("building", "9"));

        assertThat(byRank.result(new int[] {0, 1, 2})).extracting(g -> g.group().values()).containsExactly(List.of("7"));
        assertThat(inIdOrder.result()).extracting(g -> g.group().values()).containsExactly(List.of("7"));
    }

    @Test
    void aValueNeedsItsReadingInTheNewPart() {
        GroupAggregator aggregator = twoParts();
        aggregator.part(SeriesId.of("c"));
        aggregator.tags(Tags.of("building", "7"));
        FieldSchema names = FieldSchema.of(List.of("v"));

        // a value before any reading of series c would land in series b's window
        assertThatThrownBy(() -> aggregator.value(names, 0, 1_000, 2.0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("before the reading");
        aggregator.reading(1_000);
        aggregator.value(names, 0, 1_000, 2.0);
        assertThat(aggregator.result(new int[] {0, 1, 2}).get(0).windows().get(0).count()).isEqualTo(3);
    }

    /** Two series of building 7 with a reading each at 1 s, by rank. */
    private static GroupAggregator twoParts() {
        GroupAggregator aggregator = new GroupAggregator(BY_BUILDING, WINDOW);
        for (String id : List.of("a", "b")) {
            aggregator.part(SeriesId.of(id));
            aggregator.add(Tags.of("building", "7"), 1_000, Fields.of(Map.of("v", 1.0)));
        }
        return aggregator;
    }

    private static void feed(GroupAggregator aggregator, Series one) {
        for (int r = 0; r < one.times().size(); r++) {
            aggregator.add(one.tags(), one.times().get(r), Fields.of(one.fields().get(r)));
        }
    }

    private static List<Series> randomSeries(Random random) {
        List<Series> out = new ArrayList<>();
        int count = 30 + random.nextInt(40);
        for (int s = 0; s < count; s++) {
            Tags tags = Tags.of("building", String.valueOf(random.nextInt(3)));
            List<Long> times = new ArrayList<>();
            List<Map<String, Object>> fields = new ArrayList<>();
            int readings = s == 0 ? 6_000 : 1 + random.nextInt(30);
            long time = random.nextInt(20) * 1_000L;
            String late = "late" + random.nextInt(4);
            boolean swapped = random.nextBoolean();
            for (int r = 0; r < readings; r++) {
                Map<String, Object> values = new LinkedHashMap<>();
                if (swapped) {
                    values.put("b", (double) random.nextInt(1_000) / 3);
                }
                values.put("a", (double) random.nextInt(1_000) / 7);
                if (!swapped) {
                    values.put("b", (double) random.nextInt(1_000) / 3);
                }
                if (r > readings / 2) {
                    values.put(late, random.nextGaussian());
                }
                values.put("status", "ok");
                times.add(time);
                fields.add(values);
                time += (1 + random.nextInt(4)) * 1_000L;
            }
            for (int r = 1; r < readings; r += 1 + random.nextInt(5)) {   // some readings come late
                Collections.swap(times, r - 1, r);
                Collections.swap(fields, r - 1, r);
            }
            out.add(new Series(SeriesId.of(String.format("s%03d", s)), tags, times, fields));
        }
        return out;
    }

    @Test
    void fieldsAreAnsweredInNameOrderWhateverOrderTheyCameIn() {
        GroupAggregator aggregator = new GroupAggregator(BY_BUILDING, WINDOW);
        aggregator.part(SeriesId.of("a"));
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("z", 1.0);
        values.put("m", 2.0);
        values.put("b", 3.0);
        aggregator.add(Tags.NONE, 1_000, Fields.of(values));
        aggregator.add(Tags.NONE, 2_000, Fields.of(Map.of("m", 4.0)));

        WindowAggregate window = aggregator.result(new int[] {0}).get(0).windows().get(0);

        assertThat(window.fields().keySet()).containsExactly("b", "m", "z");
        assertThat(window.fields().get("m")).isEqualTo(new FieldAggregate(2, 2.0, 4.0, 6.0, 2.0, 4.0));
        assertThat(window.fields().get("z")).isEqualTo(new FieldAggregate(1, 1.0, 1.0, 1.0, 1.0, 1.0));
    }

    /**
     * Per group and window: each series' sum in the order fed added in id order, first and last by (time, id),
     * counts and extremes over every value.
     */
    private static List<GroupWindows> bruteForce(List<Series> series) {
        Map<TagGroup, Map<Long, Map<String, double[]>>> groups = new TreeMap<>();
        Map<TagGroup, Map<Long, long[]>> counts = new HashMap<>();
        Map<TagGroup, List<SeriesId>> members = new HashMap<>();
        for (Series one : series) {   // in id order
            TagGroup group = BY_BUILDING.groupOf(one.tags());
            members.computeIfAbsent(group, g -> new ArrayList<>()).add(one.id());
            Map<Long, Map<String, double[]>> own = new TreeMap<>();
            for (int r = 0; r < one.times().size(); r++) {
                long time = one.times().get(r);
                long start = Math.floorDiv(time, WINDOW.toMillis()) * WINDOW.toMillis();
                counts.computeIfAbsent(group, g -> new HashMap<>()).computeIfAbsent(start, w -> new long[1])[0]++;
                for (Map.Entry<String, Object> field : one.fields().get(r).entrySet()) {
                    if (field.getValue() instanceof Double value) {
                        double[] acc = own.computeIfAbsent(start, w -> new TreeMap<>())
                                .computeIfAbsent(field.getKey(), f -> new double[] {0, Double.POSITIVE_INFINITY,
                                        Double.NEGATIVE_INFINITY, 0, Long.MAX_VALUE, 0, Long.MIN_VALUE, 0});
                        acc[0]++;
                        acc[1] = Math.min(acc[1], value);
                        acc[2] = Math.max(acc[2], value);
                        acc[3] += value;
                        if (time < acc[4]) {
                            acc[4] = time;
                            acc[5] = value;
                        }
                        if (time > acc[6]) {
                            acc[6] = time;
                            acc[7] = value;
                        }
                    }
                }
            }
            Map<Long, Map<String, double[]>> merged = groups.computeIfAbsent(group, g -> new TreeMap<>());
            own.forEach((start, fields) -> fields.forEach((name, acc) -> {
                double[] total = merged.computeIfAbsent(start, w -> new TreeMap<>()).get(name);
                if (total == null) {
                    merged.get(start).put(name, acc.clone());
                    merged.get(start).get(name)[3] = 0.0 + acc[3];
                    return;
                }
                total[0] += acc[0];
                total[1] = Math.min(total[1], acc[1]);
                total[2] = Math.max(total[2], acc[2]);
                total[3] += acc[3];
                if (acc[4] < total[4]) {   // a later series wins no tie for first
                    total[4] = acc[4];
                    total[5] = acc[5];
                }
                if (acc[6] >= total[6]) {   // and every tie for last
                    total[6] = acc[6];
                    total[7] = acc[7];
                }
            }));
        }
        List<GroupWindows> out = new ArrayList<>();
        groups.forEach((group, windows) -> {
            List<WindowAggregate> aggregates = new ArrayList<>();
            new TreeMap<>(counts.get(group)).forEach((start, count) -> {
                Map<String, FieldAggregate> fields = new HashMap<>();
                windows.getOrDefault(start, Map.of()).forEach((name, acc) -> fields.put(name,
                        new FieldAggregate((long) acc[0], acc[1], acc[2], acc[3], acc[5], acc[7])));
                aggregates.add(new WindowAggregate(members.get(group).get(0), java.time.Instant.ofEpochMilli(start),
                        java.time.Instant.ofEpochMilli(start + WINDOW.toMillis()), count[0], fields));
            });
            out.add(new GroupWindows(group, members.get(group).size(), aggregates));
        });
        return out;
    }
}
