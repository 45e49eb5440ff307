package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static io.bucketry.domain.TestReadings.SENSOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a gap fill accepts and what a filled window and a filled value may hold. */
class GapFillRulesTest {

    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    @ParameterizedTest
    @ValueSource(strings = {"none", "null", "previous", "linear", "LINEAR", " Previous "})
    void everyModeIsNamedByItsLowerCaseNameInAnyCase(String text) {
        assertThat(FillMode.parse(text).text()).isEqualTo(text.strip().toLowerCase());
    }

    @Test
    void anUnknownModeIsRefusedListingTheModes() {
        assertThatThrownBy(() -> FillMode.parse("prev"))
                .hasMessage("fill 'prev' is not a fill mode; use none, null, previous or linear");
    }

    @Test
    void aNegativeMaxGapIsRefused() {
        assertThatThrownBy(() -> new GapFill(FillMode.PREVIOUS, Duration.ofMinutes(-5)))
                .hasMessage("maxGap -5m is negative");
    }

    @Test
    void aMaxGapWithAModeItDoesNotLimitIsRefused() {
        assertThatThrownBy(() -> new GapFill(FillMode.NULL, FIVE_MINUTES))
                .hasMessage("maxGap 5m has no effect with fill=null; it limits fill=previous and fill=linear");
        assertThat(new GapFill(FillMode.LINEAR, Duration.ZERO).maxGap()).isZero();
    }

    @Test
    void linearRefusesABoundOffAWindowBoundaryNamingTheBoundariesAroundIt() {
        GapFill linear = new GapFill(FillMode.LINEAR, null);
        Instant aligned = Instant.parse("2026-07-21T23:00:00Z");

        linear.requireWholeWindows(aligned, aligned.plus(Duration.ofHours(1)), FIVE_MINUTES);
        linear.requireWholeWindows(null, null, FIVE_MINUTES);
        assertThatThrownBy(() -> linear.requireWholeWindows(aligned.plusSeconds(90), null, FIVE_MINUTES))
                .hasMessage("fill=linear needs from and to on window boundaries (multiples of 5m since the epoch); "
                        + "from 2026-07-21T23:01:30Z is not: use 2026-07-21T23:00:00Z or 2026-07-21T23:05:00Z");
        assertThatThrownBy(() -> linear.requireWholeWindows(aligned, aligned.plusNanos(1), FIVE_MINUTES))
                .hasMessageContaining("to 2026-07-21T23:00:00.000000001Z is not");
        new GapFill(FillMode.PREVIOUS, null).requireWholeWindows(aligned.plusSeconds(90), null, FIVE_MINUTES);
        linear.requireWholeWindows(aligned.plusMillis(500), null, Duration.ofMillis(250));
    }

    @Test
    void aFilledValueHasNoCountAndNoSumAndIsEveryOtherFigure() {
        FieldAggregate filled = FieldAggregate.filled(21.5);
        assertThat(filled).isEqualTo(new FieldAggregate(0, 21.5, 21.5, 0, 21.5, 21.5));
        assertThat(filled.avg()).isEqualTo(21.5);
        assertThatThrownBy(() -> new FieldAggregate(0, 1, 2, 0, 1, 2)).hasMessageContaining("at least one value");
    }

    @Test
    void onlyAFilledWindowMayBeEmptyAndAFilledWindowIsEmpty() {
        Instant start = Instant.EPOCH;
        Instant end = start.plus(FIVE_MINUTES);
        assertThat(WindowAggregate.filled(SENSOR, start, end, Map.of()).count()).isZero();
        assertThatThrownBy(() -> new WindowAggregate(SENSOR, start, end, 0, Map.of()))
                .hasMessageContaining("an empty window is omitted");
        assertThatThrownBy(() -> new WindowAggregate(SENSOR, start, end, 2, Map.of(), true))
                .hasMessageContaining("a filled window holds no reading");
    }
}
