package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FieldSpanTest {

    @Test
    void aSpanOfOneValueIsThatValueEverywhere() {
        FieldSpan span = FieldSpan.of(1_000, 21.5);
        assertThat(span).isEqualTo(new FieldSpan(1, 21.5, 21.5, 21.5, 1_000, 21.5, 1_000, 21.5));
        assertThat(span.toAggregate()).isEqualTo(new FieldAggregate(1, 21.5, 21.5, 21.5, 21.5, 21.5));
    }

    @Test
    void aLateValueBecomesTheFirstAndALaterOneTheLastWhateverTheOrderTheyArrive() {
        // when
        FieldSpan span = FieldSpan.of(2_000, 20).plus(3_000, 25).plus(1_000, 18).plus(2_500, 30);

        // then
        assertThat(span).isEqualTo(new FieldSpan(4, 18, 30, 93, 1_000, 18, 3_000, 25));
    }

    @Test
    void onEqualTimesTheEarlierStoredValueStaysFirstAndLast() {
        FieldSpan span = FieldSpan.of(1_000, 1).merge(FieldSpan.of(1_000, 2));
        assertThat(span.first()).isEqualTo(1);
        assertThat(span.last()).isEqualTo(1);
    }

    @Test
    void mergingSpansInAnyOrderGivesTheAggregateOfAllTheirValuesTakenInTimeOrder() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            // given values at distinct times, with integer values so that sums are exact in any order
            List<Long> times = new ArrayList<>();
            for (int i = 0, n = 1 + random.nextInt(30); i < n; i++) {
                times.add((long) (i * 1000 + random.nextInt(1000)));
            }
            List<double[]> values = new ArrayList<>();
            times.forEach(t -> values.add(new double[] {t, random.nextInt(200) - 100}));
            WindowAggregator brute = new WindowAggregator(new SeriesId("s"), Duration.ofDays(1));
            values.forEach(v -> brute.reading((long) v[0]).value("f", (long) v[0], v[1]));
            Collections.shuffle(values, random);

            // when
            FieldSpan span = null;
            for (double[] v : values) {
                span = span == null ? FieldSpan.of((long) v[0], v[1]) : span.plus((long) v[0], v[1]);
            }

            // then
            assertThat(span.toAggregate()).as("seed %d round %d", seed, round)
                    .isEqualTo(brute.result().get(0).fields().get("f"));
        }
    }

    @Test
    void aWindowFedSubWindowSpansEqualsTheWindowFedTheirValues() {
        // given two 5-minute spans fed in reverse time order into one 10-minute window
        WindowAggregator bySpans = new WindowAggregator(new SeriesId("s"), Duration.ofMinutes(10));
        bySpans.windowAt(300_000).span("t", FieldSpan.of(300_000, 5).plus(599_000, 7));
        bySpans.windowAt(0).span("t", FieldSpan.of(1_000, 4).plus(200_000, -1));
        bySpans.windowAt(0).countReadings(4);
        WindowAggregator byValues = new WindowAggregator(new SeriesId("s"), Duration.ofMinutes(10));
        for (long[] v : new long[][] {{1_000, 4}, {200_000, -1}, {300_000, 5}, {599_000, 7}}) {
            byValues.reading(v[0]).value("t", v[0], v[1]);
        }

        // then
        assertThat(bySpans.result()).isEqualTo(byValues.result());
        assertThat(bySpans.result().get(0).fields().get("t")).isEqualTo(new FieldAggregate(4, -1, 7, 15, 4, 7));
    }

    @Test
    void aWindowKeepsTheFirstFedValueAsFirstAndLastWhenLaterOnesShareItsTime() {
        // given values, then spans, at the very times already held
        WindowAggregator byValues = new WindowAggregator(new SeriesId("s"), Duration.ofMinutes(10));
        byValues.reading(1_000).value("t", 1_000, 1);
        byValues.reading(1_000).value("t", 1_000, 2);
        WindowAggregator bySpans = new WindowAggregator(new SeriesId("s"), Duration.ofMinutes(10));
        bySpans.windowAt(0).span("t", FieldSpan.of(1_000, 1));
        bySpans.windowAt(0).span("t", FieldSpan.of(1_000, 2));
        bySpans.windowAt(0).countReadings(2);

        // then
        for (WindowAggregator aggregator : List.of(byValues, bySpans)) {
            FieldAggregate t = aggregator.result().get(0).fields().get("t");
            assertThat(t.first()).isEqualTo(1);
            assertThat(t.last()).isEqualTo(1);
        }
    }

    @Test
    void aSpanNeedsAValueAndItsFirstTimeNotAfterItsLast() {
        assertThatThrownBy(() -> new FieldSpan(0, 1, 1, 1, 0, 1, 0, 1)).hasMessageContaining("at least one value, got count 0");
        assertThatThrownBy(() -> new FieldSpan(1, 1, 1, 1, 5, 1, 4, 1)).hasMessageContaining("first time 5 is after its last 4");
        assertThat(new FieldSpan(2, 1, 2, 3, 4, 1, 4, 2).count()).isEqualTo(2);
    }
}
