package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.domain.TestReadings.SENSOR;
import static io.bucketry.domain.TestReadings.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WindowAggregatorTest {

    private static final long MINUTE = 60_000;

    @Test
    void readingsAreGroupedIntoWindowsAlignedToTheEpochWithEmptyWindowsOmitted() {
        // given: 5-minute windows, readings in the first and the third window only
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(5));
        List<Reading> readings = List.of(
                reading(0, "temperature", 20.0, "status", "OK"),
                reading(5 * MINUTE - 1, "temperature", 22.0),
                reading(10 * MINUTE, "temperature", 30.0, "pressure", 1000),
                reading(11 * MINUTE, "temperature", 10.0, "pressure", 1002));

        // when
        readings.forEach(aggregator::add);
        List<WindowAggregate> windows = aggregator.result();

        // then
        assertThat(aggregator.windowCount()).isEqualTo(2);
        assertThat(windows).hasSize(2);
        WindowAggregate first = windows.get(0);
        assertThat(first.series()).isEqualTo(SENSOR);
        assertThat(first.start()).isEqualTo(Instant.EPOCH);
        assertThat(first.end()).isEqualTo(Instant.ofEpochMilli(5 * MINUTE));
        assertThat(first.count()).isEqualTo(2);
        assertThat(first.fields()).containsOnlyKeys("temperature")
                .containsEntry("temperature", new FieldAggregate(2, 20.0, 22.0, 42.0, 20.0, 22.0));
        assertThat(first.fields().get("temperature").avg()).isEqualTo(21.0);
        WindowAggregate third = windows.get(1);
        assertThat(third.start()).isEqualTo(Instant.ofEpochMilli(10 * MINUTE));
        assertThat(third.fields()).containsOnlyKeys("pressure", "temperature");
        assertThat(third.fields().get("temperature")).isEqualTo(new FieldAggregate(2, 10.0, 30.0, 40.0, 30.0, 10.0));
        assertThat(third.fields().get("pressure").avg()).isEqualTo(1001.0);
    }

    @Test
    void aFieldNamedByEqualButDistinctStringsIsOneFieldOfItsWindow() {
        // given: names as documents decode them, a new String each time
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(5));

        // when
        aggregator.reading(0).value(new String("temperature"), 0, 1.0);
        aggregator.reading(MINUTE).value(new String("pressure"), MINUTE, 1000.0);
        aggregator.reading(2 * MINUTE).value(new String("temperature"), 2 * MINUTE, 3.0);
        aggregator.reading(3 * MINUTE).value(new String("pressure"), 3 * MINUTE, 1004.0);

        // then
        Map<String, FieldAggregate> fields = aggregator.result().get(0).fields();
        assertThat(fields).containsOnlyKeys("temperature", "pressure");
        assertThat(fields.get("temperature").count()).isEqualTo(2);
        assertThat(fields.get("temperature").last()).isEqualTo(3.0);
        assertThat(fields.get("pressure").count()).isEqualTo(2);
        assertThat(fields.get("pressure").last()).isEqualTo(1004.0);
    }

    @Test
    void firstAndLastAreChosenByTimeWhateverTheOrderOfArrival() {
        // given
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(5));

        // when: the latest reading arrives first, the earliest last
        aggregator.add(reading(3 * MINUTE, "x", 3.0));
        aggregator.add(reading(2 * MINUTE, "x", 2.0));
        aggregator.add(reading(4 * MINUTE, "x", 4.0));
        aggregator.add(reading(MINUTE, "x", 1.0));

        // then
        assertThat(aggregator.result().get(0).fields().get("x")).isEqualTo(new FieldAggregate(4, 1.0, 4.0, 10.0, 1.0, 4.0));
    }

    @Test
    void aWindowWithOnlyTextFieldsIsCountedWithNoFieldAggregates() {
        // given
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(1));

        // when
        aggregator.add(reading(0, "status", "OK"));

        // then
        assertThat(aggregator.result()).singleElement()
                .satisfies(window -> {
                    assertThat(window.count()).isEqualTo(1);
                    assertThat(window.fields()).isEmpty();
                });
    }

    @Test
    void windowsBeforeTheEpochAndOfSizesThatDoNotDivideAnHourAreAligned() {
        // given: 7-minute windows, readings 1 ms either side of the window boundary at 0 and at 7 min
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(7));
        List<Reading> readings = List.of(reading(-1, "x", 1), reading(0, "x", 2),
                reading(7 * MINUTE - 1, "x", 3), reading(7 * MINUTE, "x", 4));

        // when
        readings.forEach(aggregator::add);

        // then
        assertThat(aggregator.result()).extracting(WindowAggregate::start).containsExactly(
                Instant.ofEpochMilli(-7 * MINUTE), Instant.EPOCH, Instant.ofEpochMilli(7 * MINUTE));
        assertThat(aggregator.result()).extracting(WindowAggregate::count).containsExactly(1L, 2L, 1L);
        assertThat(aggregator.windowStart(-1)).isEqualTo(-7 * MINUTE);
        assertThat(aggregator.result()).isEqualTo(BruteForce.windows(SENSOR, readings, 7 * MINUTE));
    }

    @Test
    void theLowLevelApiGivesTheSameResultAsWholeReadings() {
        // given
        WindowAggregator whole = new WindowAggregator(SENSOR, Duration.ofSeconds(10));
        WindowAggregator lowLevel = new WindowAggregator(SENSOR, Duration.ofSeconds(10));

        // when
        whole.add(reading(1_000, "a", 1.5, "b", -2));
        whole.add(reading(12_000, "a", 2.5));
        WindowAggregator.Window window = lowLevel.reading(1_000);
        window.value("a", 1_000, 1.5);
        window.value("b", 1_000, -2);
        lowLevel.reading(12_000).value("a", 12_000, 2.5);

        // then
        assertThat(lowLevel.result()).isEqualTo(whole.result());
    }

    @Test
    void aWindowThatIsNotPositiveOrNotWholeMillisecondsIsRefused() {
        assertThatThrownBy(() -> new WindowAggregator(SENSOR, Duration.ZERO)).hasMessage("window 0s must be positive");
        assertThatThrownBy(() -> new WindowAggregator(SENSOR, Duration.ofSeconds(-5))).hasMessageContaining("must be positive");
        assertThatThrownBy(() -> new WindowAggregator(SENSOR, null)).hasMessage("window null must be positive");
        assertThatThrownBy(() -> new WindowAggregator(SENSOR, Duration.ofNanos(1_000_001)))
                .hasMessageContaining("whole number of milliseconds");
        assertThat(WindowAggregator.requirePositiveMillis(Duration.ofMinutes(5))).isEqualTo(300_000);
    }

    @Test
    void aWindowTooLongToCountInMillisecondsIsRefusedAsAnInvalidArgument() {
        // given: what an HTTP client can send as window=PT9300000000000000S
        Duration tooLong = Duration.ofSeconds(9_300_000_000_000_000L);

        // when / then: an IllegalArgumentException (a 400 for the caller), not an ArithmeticException
        assertThatThrownBy(() -> WindowAggregator.requirePositiveMillis(tooLong))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too large");
        assertThat(WindowAggregator.requirePositiveMillis(Duration.ofMillis(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aWindowAggregateIsNeverEmptyNorInverted() {
        assertThatThrownBy(() -> new WindowAggregate(SENSOR, Instant.EPOCH, Instant.ofEpochMilli(1), 0, Map.of()))
                .hasMessageContaining("empty window");
        assertThatThrownBy(() -> new WindowAggregate(SENSOR, Instant.EPOCH, Instant.EPOCH, 1, Map.of()))
                .hasMessageContaining("is not before its end");
        // count 0 is only a gap fill's one value (FieldAggregate.filled), never a summary of values that differ
        assertThatThrownBy(() -> new FieldAggregate(0, 0, 1, 0, 0, 1)).hasMessageContaining("count 0");
        assertThatThrownBy(() -> new FieldAggregate(-1, 0, 0, 0, 0, 0)).hasMessageContaining("count -1");
    }

    @Test
    void aWindowAggregatesFieldsAreInNameOrderAndCannotBeModified() {
        // given
        WindowAggregate window = new WindowAggregate(SENSOR, Instant.EPOCH, Instant.ofEpochMilli(10), 1,
                Map.of("b", new FieldAggregate(1, 1, 1, 1, 1, 1), "a", new FieldAggregate(1, 2, 2, 2, 2, 2)));

        // when / then
        assertThat(window.fields().keySet()).containsExactly("a", "b");
        assertThatThrownBy(() -> window.fields().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
    @Test
    void aWholeBucketFedAsItsSummaryGivesTheSameWindowAsItsReadingsFedOneByOne() {
        // given: one window's readings; the middle ones stand for a stored bucket known only by its summary
        List<Reading> readings = List.of(reading(MINUTE, "v", 4.0), reading(2 * MINUTE, "v", -3.0),
                reading(3 * MINUTE, "v", 9.5), reading(4 * MINUTE, "v", 1.0));
        WindowAggregator oneByOne = new WindowAggregator(SENSOR, Duration.ofMinutes(5));
        readings.forEach(oneByOne::add);

        // when: the edges as readings (they carry first and last), the middle as a count and a summary
        WindowAggregator merged = new WindowAggregator(SENSOR, Duration.ofMinutes(5));
        merged.add(readings.get(0));
        merged.add(readings.get(3));
        WindowAggregator.Window window = merged.windowAt(2 * MINUTE);
        window.countReadings(2);
        window.summary("v", FieldSummary.of(-3.0).plus(9.5));

        // then
        assertThat(merged.result()).isEqualTo(oneByOne.result());
        assertThat(merged.result().get(0).count()).isEqualTo(4);
        assertThat(merged.result().get(0).fields().get("v")).isEqualTo(new FieldAggregate(4, -3.0, 9.5, 11.5, 4.0, 1.0));
    }

    @Test
    void windowsOpenedOutOfTimeOrderComeOutInTimeOrderEachOnce() {
        // given: windows opened last, first, middle, then each again
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(5));
        long[] times = {20 * MINUTE, 0, 10 * MINUTE, 5 * MINUTE, 21 * MINUTE, MINUTE, 11 * MINUTE, 6 * MINUTE, 15 * MINUTE};

        // when
        for (long time : times) {
            aggregator.add(reading(time, "x", (double) time / MINUTE));
        }
        List<WindowAggregate> windows = aggregator.result();

        // then
        assertThat(aggregator.windowCount()).isEqualTo(5);
        assertThat(windows).extracting(w -> w.start().toEpochMilli() / MINUTE).containsExactly(0L, 5L, 10L, 15L, 20L);
        assertThat(windows).extracting(WindowAggregate::count).containsExactly(2L, 2L, 2L, 1L, 2L);
        assertThat(windows.get(4).fields().get("x")).isEqualTo(new FieldAggregate(2, 20, 21, 41, 20, 21));
        assertThat(windows.get(1).fields().get("x")).isEqualTo(new FieldAggregate(2, 5, 6, 11, 5, 6));
    }

    @Test
    void eachWindowHoldsOnlyTheFieldsItReceivedWhicheverOrderTheyWereFirstSeenIn() {
        // given: "b" is seen first, "a" only from the second window on, "c" only in the third
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(5));

        // when
        aggregator.reading(0).value("b", 0, 1.0);
        WindowAggregator.Window second = aggregator.reading(5 * MINUTE);
        second.value("a", 5 * MINUTE, 2.0);
        second.value("b", 5 * MINUTE, 3.0);
        aggregator.reading(10 * MINUTE).value("c", 10 * MINUTE, 4.0);
        aggregator.reading(MINUTE).value("a", MINUTE, 5.0);
        List<WindowAggregate> windows = aggregator.result();

        // then
        assertThat(new ArrayList<>(windows.get(0).fields().keySet())).containsExactly("a", "b");
        assertThat(windows.get(0).fields().get("a").first()).isEqualTo(5.0);
        assertThat(windows.get(0).fields().get("b").first()).isEqualTo(1.0);
        assertThat(new ArrayList<>(windows.get(1).fields().keySet())).containsExactly("a", "b");
        assertThat(windows.get(1).fields().get("a").sum()).isEqualTo(2.0);
        assertThat(windows.get(1).fields().get("b").sum()).isEqualTo(3.0);
        assertThat(windows.get(2).fields()).containsOnlyKeys("c");
        assertThat(windows.get(2).fields().get("c").sum()).isEqualTo(4.0);
    }

    @Test
    void aWindowCanHoldManyFields() {
        // given
        WindowAggregator aggregator = new WindowAggregator(SENSOR, Duration.ofMinutes(5));
        WindowAggregator.Window window = aggregator.reading(0);

        // when: more fields than a window is first made room for
        for (int field = 9; field >= 0; field--) {
            window.value("f" + field, 0, field);
        }

        // then
        Map<String, FieldAggregate> fields = aggregator.result().get(0).fields();
        assertThat(new ArrayList<>(fields.keySet())).containsExactly("f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9");
        for (int field = 0; field < 10; field++) {
            assertThat(fields.get("f" + field).sum()).isEqualTo(field);
        }
    }
}
