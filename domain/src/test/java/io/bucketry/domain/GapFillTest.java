package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.domain.TestReadings.SENSOR;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worked examples of gap filling (the table of docs/reference/http-api.md): 10-minute windows over [00:00, 01:00), readings in
 * the windows of 00:00 and 00:30, a neighbour after the range at 01:10.
 */
class GapFillTest {

    private static final long MINUTE = 60_000;
    private static final long WIDTH = 10 * MINUTE;
    private static final TimeRange HOUR = new TimeRange(Instant.EPOCH, Instant.ofEpochMilli(60 * MINUTE));
    private static final Instant LATE_NOW = Instant.ofEpochMilli(24 * 60 * MINUTE);

    /** 00:00: temperature 8, 12 (avg 10, last 12); 00:30: 38, 42 (avg 40, last 42); 01:10: 70. */
    private static final List<WindowAggregate> KNOWN = List.of(
            window(0, "temperature", new FieldAggregate(2, 8, 12, 20, 8, 12)),
            window(30, "temperature", new FieldAggregate(2, 38, 42, 80, 38, 42)),
            window(70, "temperature", new FieldAggregate(1, 70, 70, 70, 70, 70)));

    @Test
    void noneAnswersOnlyTheWindowsThatHeldReadingsInTheRange() {
        assertThat(GapFill.none().apply(SENSOR, HOUR, WIDTH, KNOWN, LATE_NOW)).containsExactly(KNOWN.get(0), KNOWN.get(1));
    }

    @Test
    void nullAnswersEveryAlignedWindowWithEmptyOnesFilledWithCountZeroAndNoFields() {
        // when
        List<WindowAggregate> windows = fill(FillMode.NULL, null).apply(SENSOR, HOUR, WIDTH, KNOWN, LATE_NOW);

        // then
        assertThat(values(windows, "temperature")).containsExactly("00=12.0", "10=-", "20=-", "30=42.0", "40=-", "50=-");
        assertThat(windows).extracting(WindowAggregate::filled).containsExactly(false, true, true, false, true, true);
        assertThat(windows.get(1).count()).isZero();
        assertThat(windows.get(1).fields()).isEmpty();
        assertThat(windows.get(1).end()).isEqualTo(Instant.ofEpochMilli(20 * MINUTE));
    }

    @Test
    void previousCarriesTheLastValueOfTheWindowBeforeAsEveryFigureButCountAndSum() {
        // when
        List<WindowAggregate> windows = fill(FillMode.PREVIOUS, null).apply(SENSOR, HOUR, WIDTH, KNOWN, LATE_NOW);

        // then: the last reading's value (12, not the average 10), filled windows holding no count and no sum
        assertThat(values(windows, "temperature")).containsExactly("00=12.0", "10=12.0", "20=12.0", "30=42.0",
                "40=42.0", "50=42.0");
        assertThat(windows.get(1).fields().get("temperature")).isEqualTo(new FieldAggregate(0, 12, 12, 0, 12, 12));
        assertThat(windows.get(1).fields().get("temperature").avg()).isEqualTo(12);
        assertThat(windows.get(0)).isSameAs(KNOWN.get(0));
    }

    @Test
    void linearInterpolatesBetweenTheAveragesOfTheNeighboursIncludingOneAfterTheRange() {
        // when
        List<WindowAggregate> windows = fill(FillMode.LINEAR, null).apply(SENSOR, HOUR, WIDTH, KNOWN, LATE_NOW);

        // then: 10 -> 40 over three windows, 40 -> 70 (at 01:10) over four
        assertThat(values(windows, "temperature")).containsExactly("00=12.0", "10=20.0", "20=30.0", "30=42.0",
                "40=47.5", "50=55.0");
    }

    @Test
    void maxGapFillsAnOutageOfExactlyItsLengthAndNotOneMillisecondLonger() {
        // the outage 00:10..00:30 lasts 20 min (from the end of 00:00's window to the start of 00:30's); 00:40..01:10 lasts 30
        assertThat(values(fill(FillMode.LINEAR, Duration.ofMinutes(20)).apply(SENSOR, HOUR, WIDTH, KNOWN, LATE_NOW),
                "temperature")).containsExactly("00=12.0", "10=20.0", "20=30.0", "30=42.0", "40=-", "50=-");
        assertThat(values(fill(FillMode.LINEAR, Duration.ofMinutes(20).minusMillis(1)).apply(SENSOR, HOUR, WIDTH, KNOWN,
                LATE_NOW), "temperature")).containsExactly("00=12.0", "10=-", "20=-", "30=42.0", "40=-", "50=-");
        assertThat(values(fill(FillMode.PREVIOUS, Duration.ofMinutes(30)).apply(SENSOR, HOUR, WIDTH, KNOWN, LATE_NOW),
                "temperature")).containsExactly("00=12.0", "10=12.0", "20=12.0", "30=42.0", "40=42.0", "50=42.0");
    }

    @Test
    void previousWithNoLaterValueMeasuresTheOutageUntilNow() {
        // given: nothing after 00:30's window, which ends at 00:40
        List<WindowAggregate> known = KNOWN.subList(0, 2);
        Instant now = Instant.ofEpochMilli(65 * MINUTE);

        // then: the outage lasts 25 min so far
        assertThat(values(fill(FillMode.PREVIOUS, Duration.ofMinutes(25)).apply(SENSOR, HOUR, WIDTH, known, now),
                "temperature")).endsWith("40=42.0", "50=42.0");
        assertThat(values(fill(FillMode.PREVIOUS, Duration.ofMinutes(25).minusMillis(1)).apply(SENSOR, HOUR, WIDTH, known,
                now), "temperature")).endsWith("40=-", "50=-");
        assertThat(values(fill(FillMode.LINEAR, null).apply(SENSOR, HOUR, WIDTH, known, now), "temperature"))
                .endsWith("40=-", "50=-");
    }

    @Test
    void eachFieldIsFilledFromItsOwnNeighboursAndWindowsThatHeldReadingsAreNeverChanged() {
        // given: pressure only at 00:00; 00:30 holds a reading without temperature or pressure (a text, say)
        List<WindowAggregate> known = List.of(
                new WindowAggregate(SENSOR, at(0), at(10), 1, Map.of("temperature", one(5), "pressure", one(1000))),
                new WindowAggregate(SENSOR, at(30), at(40), 1, Map.of()),
                window(50, "temperature", one(25)));

        // when
        List<WindowAggregate> previous = fill(FillMode.PREVIOUS, null).apply(SENSOR, HOUR, WIDTH, known, LATE_NOW);
        List<WindowAggregate> linear = fill(FillMode.LINEAR, null).apply(SENSOR, HOUR, WIDTH, known, LATE_NOW);

        // then: 00:30 stays as it was; temperature's neighbours are 00:00 and 00:50
        assertThat(values(previous, "pressure")).containsExactly("00=1000.0", "10=1000.0", "20=1000.0", "30=-",
                "40=1000.0", "50=-");
        assertThat(values(linear, "temperature")).containsExactly("00=5.0", "10=9.0", "20=13.0", "30=-", "40=21.0",
                "50=25.0");
        assertThat(values(linear, "pressure")).containsExactly("00=1000.0", "10=-", "20=-", "30=-", "40=-", "50=-");
        assertThat(previous.get(3)).isSameAs(known.get(1));
    }

    @Test
    void previousFillsNothingBeforeAFieldsFirstValue() {
        // given: pressure first at 00:30
        List<WindowAggregate> known = List.of(KNOWN.get(0), window(30, "pressure", one(1000)));

        // then
        assertThat(values(fill(FillMode.PREVIOUS, null).apply(SENSOR, HOUR, WIDTH, known, LATE_NOW), "pressure"))
                .containsExactly("00=-", "10=-", "20=-", "30=1000.0", "40=1000.0", "50=1000.0");
    }

    @Test
    void theKnownWindowsMayComeInAnyOrder() {
        List<WindowAggregate> shuffled = List.of(KNOWN.get(2), KNOWN.get(0), KNOWN.get(1));
        GapFill linear = fill(FillMode.LINEAR, null);

        assertThat(linear.apply(SENSOR, HOUR, WIDTH, shuffled, LATE_NOW))
                .isEqualTo(linear.apply(SENSOR, HOUR, WIDTH, KNOWN, LATE_NOW));
    }

    @Test
    void aMaxGapTooLongToCountInMillisecondsLimitsNothing() {
        GapFill forever = fill(FillMode.PREVIOUS, Duration.ofSeconds(Long.MAX_VALUE));

        assertThat(values(forever.apply(SENSOR, HOUR, WIDTH, KNOWN.subList(0, 1), LATE_NOW), "temperature"))
                .containsExactly("00=12.0", "10=12.0", "20=12.0", "30=12.0", "40=12.0", "50=12.0");
        assertThat(forever.lookBackFrom(HOUR, WIDTH, LATE_NOW)).isNull();
    }

    @Test
    void windowCountCoversEveryAlignedWindowOverlappingTheRange() {
        TimeRange cut = new TimeRange(Instant.ofEpochMilli(65 * MINUTE), Instant.ofEpochMilli(91 * MINUTE));
        assertThat(GapFill.windowCount(cut, WIDTH)).isEqualTo(4);
        assertThat(GapFill.gridStart(cut, WIDTH)).isEqualTo(60 * MINUTE);
        assertThat(GapFill.gridEnd(cut, WIDTH)).isEqualTo(100 * MINUTE);
        assertThat(GapFill.windowCount(HOUR, WIDTH)).isEqualTo(6);
    }

    @Test
    void lookingAroundIsBoundedByMaxGapAndUnboundedWithout() {
        Instant now = Instant.ofEpochMilli(45 * MINUTE);
        GapFill bounded = fill(FillMode.PREVIOUS, Duration.ofMinutes(15));
        // the earlier of the range's first window and now, less maxGap, less one window
        assertThat(bounded.lookBackFrom(HOUR, WIDTH, LATE_NOW)).isEqualTo(Instant.ofEpochMilli(-25 * MINUTE));
        assertThat(bounded.lookBackFrom(new TimeRange(at(50), at(60)), WIDTH, now)).isEqualTo(at(20));
        assertThat(bounded.lookAheadTo(HOUR, WIDTH)).isEqualTo(at(85));
        assertThat(fill(FillMode.LINEAR, null).lookBackFrom(HOUR, WIDTH, now)).isNull();
        assertThat(fill(FillMode.LINEAR, null).lookAheadTo(HOUR, WIDTH)).isNull();
    }

    private static GapFill fill(FillMode mode, Duration maxGap) {
        return new GapFill(mode, maxGap);
    }

    private static FieldAggregate one(double value) {
        return new FieldAggregate(1, value, value, value, value, value);
    }

    private static Instant at(long minute) {
        return Instant.ofEpochMilli(minute * MINUTE);
    }

    private static WindowAggregate window(long minute, String field, FieldAggregate aggregate) {
        return new WindowAggregate(SENSOR, at(minute), at(minute + 10), Math.max(1, aggregate.count()), Map.of(field, aggregate));
    }

    /** "mm=value" per window, the value being the field's avg when filled and its last otherwise; "-" without the field. */
    private static List<String> values(List<WindowAggregate> windows, String field) {
        List<String> values = new ArrayList<>();
        for (WindowAggregate window : windows) {
            FieldAggregate aggregate = window.fields().get(field);
            String minute = String.format("%02d", window.start().toEpochMilli() / MINUTE);
            values.add(minute + "=" + (aggregate == null ? "-" : window.filled() ? aggregate.avg() : aggregate.last()));
        }
        return values;
    }
}
