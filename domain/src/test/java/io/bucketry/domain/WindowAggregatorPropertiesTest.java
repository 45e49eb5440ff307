package io.bucketry.domain;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.bucketry.domain.TestReadings.SENSOR;
import static org.assertj.core.api.Assertions.assertThat;

class WindowAggregatorPropertiesTest {

    private static final long HOUR = 3_600_000;

    @Property(tries = 300)
    void windowsOfReadingsInAnyOrderEqualTheBruteForceComputation(
            @ForAll("distinctAroundTheEpoch") List<Reading> readings,
            @ForAll("windowMillis") long windowMillis,
            @ForAll long seed) {
        // given: readings either side of the epoch, in random order
        List<Reading> shuffled = new ArrayList<>(readings);
        Collections.shuffle(shuffled, new Random(seed));
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMillis(windowMillis));

        // when
        shuffled.forEach(aggregator::add);

        // then
        List<WindowAggregate> expected = BruteForce.windows(SENSOR, readings, windowMillis);
        assertThat(aggregator.result()).isEqualTo(expected);
        assertThat(aggregator.windowCount()).isEqualTo(expected.size());
    }

    @Property(tries = 200)
    void everyWindowIsAlignedNonEmptyAndHoldsOnlyItsOwnReadings(
            @ForAll("distinctAroundTheEpoch") List<Reading> readings,
            @ForAll("windowMillis") long windowMillis) {
        // given
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMillis(windowMillis));

        // when
        readings.forEach(aggregator::add);

        // then
        long total = 0;
        for (WindowAggregate window : aggregator.result()) {
            long start = window.start().toEpochMilli();
            assertThat(Math.floorMod(start, windowMillis)).isZero();
            assertThat(window.end().toEpochMilli() - start).isEqualTo(windowMillis);
            long inWindow = readings.stream()
                    .filter(r -> r.epochMilli() >= start && r.epochMilli() < start + windowMillis).count();
            assertThat(window.count()).isEqualTo(inWindow).isPositive();
            total += window.count();
        }
        assertThat(total).isEqualTo(readings.size());
    }

    @Property(tries = 100)
    void arbitraryFiniteValuesAggregateToTheBruteForceResultWithinRoundingOfTheSum(
            @ForAll("arbitraryValues") List<Double> values,
            @ForAll long seed) {
        // given: one reading per millisecond, any finite doubles, added in random order
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            readings.add(TestReadings.reading(i, "x", values.get(i)));
        }
        List<Reading> shuffled = new ArrayList<>(readings);
        Collections.shuffle(shuffled, new Random(seed));
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMillis(10));

        // when
        shuffled.forEach(aggregator::add);

        // then: everything but the sum is exact; the sum differs at most by the rounding of another order
        List<WindowAggregate> expected = BruteForce.windows(SENSOR, readings, 10);
        List<WindowAggregate> actual = aggregator.result();
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            FieldAggregate want = expected.get(i).fields().get("x");
            FieldAggregate got = actual.get(i).fields().get("x");
            assertThat(got.count()).isEqualTo(want.count());
            assertThat(got.min()).isEqualTo(want.min());
            assertThat(got.max()).isEqualTo(want.max());
            assertThat(got.first()).isEqualTo(want.first());
            assertThat(got.last()).isEqualTo(want.last());
            double magnitude = Math.max(Math.abs(want.min()), Math.abs(want.max())) * want.count();
            assertThat(Math.abs(got.sum() - want.sum())).isLessThanOrEqualTo(magnitude * 1e-14);
        }
    }

    @Provide
    Arbitrary<List<Reading>> distinctAroundTheEpoch() {
        return ReadingArbitraries.distinctReadings(-HOUR, HOUR, 200);
    }

    @Provide
    Arbitrary<Long> windowMillis() {
        return Arbitraries.oneOf(Arbitraries.longs().between(1, 100_000),
                Arbitraries.of(1L, 7 * 60_000L, 5 * 60_000L, HOUR, 7 * HOUR));
    }

    @Provide
    Arbitrary<List<Double>> arbitraryValues() {
        return Arbitraries.doubles().between(-1e12, 1e12).list().ofMinSize(1).ofMaxSize(100);
    }
}
