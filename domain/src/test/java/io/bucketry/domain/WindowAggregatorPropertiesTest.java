package io.bucketry.domain;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.bucketry.domain.TestReadings.SENSOR;
import static org.assertj.core.api.Assertions.assertThat;

class WindowAggregatorPropertiesTest {

    private static final long HOUR = 3_600_000;
    private static final Gen<List<Reading>> DISTINCT_AROUND_THE_EPOCH = ReadingGenerators.distinctReadings(-HOUR, HOUR, 200);
    private static final Gen<Long> WINDOW_MILLIS = Gen.oneOf(Gen.longs(1, 100_000),
            Gen.of(1L, 7 * 60_000L, 5 * 60_000L, HOUR, 7 * HOUR));
    private static final Gen<List<Double>> ARBITRARY_VALUES = Gen.doubles(-1e12, 1e12).list(1, 100);

    @Test
    void windowsOfReadingsInAnyOrderEqualTheBruteForceComputation() {
        Property.forAll(300, draws -> {
            List<Reading> readings = draws.draw("readings", DISTINCT_AROUND_THE_EPOCH);
            long windowMillis = draws.draw("windowMillis", WINDOW_MILLIS);
            long seed = draws.draw("seed", Gen.anyLong());
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
        });
    }

    @Test
    void everyWindowIsAlignedNonEmptyAndHoldsOnlyItsOwnReadings() {
        Property.forAll(200, draws -> {
            List<Reading> readings = draws.draw("readings", DISTINCT_AROUND_THE_EPOCH);
            long windowMillis = draws.draw("windowMillis", WINDOW_MILLIS);
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
        });
    }

    @Test
    void arbitraryFiniteValuesAggregateToTheBruteForceResultWithinRoundingOfTheSum() {
        Property.forAll(100, draws -> {
            List<Double> values = draws.draw("values", ARBITRARY_VALUES);
            long seed = draws.draw("seed", Gen.anyLong());
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
        });
    }
}
