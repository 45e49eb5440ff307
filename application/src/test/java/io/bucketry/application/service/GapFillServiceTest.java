package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.service.ServiceFixture.MAX_WINDOWS;
import static io.bucketry.application.service.ServiceFixture.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** What the aggregate services refuse or answer once a gap fill is asked for (the values are the contract suite's). */
class GapFillServiceTest {

    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);
    private static final Instant START = NOW.minus(Duration.ofHours(3));
    private static final GapFill NULL = new GapFill(FillMode.NULL, null);

    private final ServiceFixture fixture = new ServiceFixture();
    private final SeriesId series = Fixtures.freshSeries("fill");

    @Test
    void linearWithABoundOffAWindowBoundaryIsRefusedOnBothUseCases() {
        GapFill linear = new GapFill(FillMode.LINEAR, null);
        Instant off = START.plusSeconds(30);

        assertRefused(() -> fixture.use.aggregate().aggregate(series, off, null, FIVE_MINUTES, linear), "INVALID_FILL");
        assertRefused(() -> fixture.use.aggregateAll().aggregateAll(START, off, FIVE_MINUTES, linear), "INVALID_FILL");
        assertThat(fixture.use.aggregate().aggregate(series, START, START.plus(FIVE_MINUTES), FIVE_MINUTES, linear))
                .singleElement().satisfies(w -> assertThat(w.filled()).isTrue());
    }

    @Test
    void filledWindowsOfEverySeriesCountTogetherTowardTheLimit() {
        // given: two series with one reading each; at most 10 windows
        ingest(series.value());
        ingest(series.value() + "b");

        // when / then: 2 x 5 windows are answered, 2 x 6 are two too many
        List<WindowAggregate> ten = fixture.use.aggregateAll().aggregateAll(START, START.plus(FIVE_MINUTES.multipliedBy(5)),
                FIVE_MINUTES, NULL);
        assertThat(ten).hasSize(MAX_WINDOWS).filteredOn(WindowAggregate::filled).hasSize(8);
        assertThatThrownBy(() -> fixture.use.aggregateAll().aggregateAll(START, START.plus(FIVE_MINUTES.multipliedBy(6)),
                FIVE_MINUTES, NULL)).hasMessageContaining("would produce 12 windows; at most 10");
    }

    @Test
    void aSeriesWithoutReadingsIsFilledOnItsOwnRouteButNotListedAmongAllSeries() {
        Instant end = START.plus(FIVE_MINUTES.multipliedBy(3));

        assertThat(fixture.use.aggregate().aggregate(series, START, end, FIVE_MINUTES, NULL))
                .extracting(WindowAggregate::count, WindowAggregate::filled)
                .containsOnly(tuple(0L, true)).hasSize(3);
        assertThat(fixture.use.aggregateAll().aggregateAll(START, end, FIVE_MINUTES, NULL)).isEmpty();
    }

    @Test
    void aRangeWhollyPastRetentionIsEmptyWhateverTheFill() {
        assertThat(fixture.use.aggregate().aggregate(series, null, NOW.minus(Duration.ofDays(91)), FIVE_MINUTES,
                new GapFill(FillMode.PREVIOUS, null))).isEmpty();
    }

    @Test
    void twoSeriesOfExactlyTheLimitEachAreTwiceTooMany() {
        ingest(series.value());
        ingest(series.value() + "b");

        assertThatThrownBy(() -> fixture.use.aggregateAll().aggregateAll(START, START.plus(FIVE_MINUTES.multipliedBy(10)),
                FIVE_MINUTES, NULL)).hasMessageContaining("would produce 20 windows; at most 10");
    }

    @Test
    void neighboursBeforeAndAfterTheRangeAreReadForOneSeriesAndForAll() {
        // given: values 1 at START and 4 fifteen minutes later; the range holds only the 5 and 10 minute windows
        ingest(series.value(), START, 1);
        ingest(series.value(), START.plus(FIVE_MINUTES.multipliedBy(3)), 4);
        ingest(series.value() + "b", START, 6);
        ingest(series.value() + "b", START.plus(FIVE_MINUTES.multipliedBy(2)), 7);
        Instant from = START.plus(FIVE_MINUTES);
        Instant to = START.plus(FIVE_MINUTES.multipliedBy(3));

        // when
        List<WindowAggregate> linear = fixture.use.aggregate().aggregate(series, from, to, FIVE_MINUTES,
                new GapFill(FillMode.LINEAR, null));
        List<WindowAggregate> all = fixture.use.aggregateAll().aggregateAll(from, to, FIVE_MINUTES,
                new GapFill(FillMode.PREVIOUS, null));

        // then: 1 -> 4 over three windows; of all series only b, with a reading in the range, carrying its 6
        assertThat(linear).extracting(w -> w.fields().get("v").avg()).containsExactly(2.0, 3.0);
        assertThat(all).extracting(w -> w.series().value().endsWith("b") + " " + w.filled() + " " + w.fields())
                .containsExactly("true true {v=" + FieldAggregate.filled(6) + "}",
                        "true false {v=" + new FieldAggregate(1, 7, 7, 7, 7, 7) + "}");
    }

    @Test
    void neighbourWindowsUpToTheLimitAreReadAndOneMoreOnEitherSideIsRefused() {
        // given: ten windows with a value before a two-window range, and ten after it
        for (int i = 0; i < 10; i++) {
            ingest(series.value(), START.plus(FIVE_MINUTES.multipliedBy(i)), i);
            ingest(series.value(), START.plus(FIVE_MINUTES.multipliedBy(12 + i)), i);
        }
        Instant from = START.plus(FIVE_MINUTES.multipliedBy(10));
        Instant to = START.plus(FIVE_MINUTES.multipliedBy(12));
        GapFill linear = new GapFill(FillMode.LINEAR, null);

        // when / then
        assertThat(fixture.use.aggregate().aggregate(series, from, to, FIVE_MINUTES, linear)).hasSize(2);
        ingest(series.value(), START.plus(FIVE_MINUTES.multipliedBy(22)), 22);
        assertThatThrownBy(() -> fixture.use.aggregate().aggregate(series, from, to, FIVE_MINUTES, linear))
                .hasMessageContaining("in more than 10 windows after the range, up to ");
        ingest(series.value(), START.minus(FIVE_MINUTES), -1);
        assertThatThrownBy(() -> fixture.use.aggregate().aggregate(series, from, to, FIVE_MINUTES, linear))
                .hasMessageContaining("in more than 10 windows before the range, back to ");
    }

    private void ingest(String id) {
        ingest(id, START, 1);
    }

    private void ingest(String id, Instant time, double value) {
        assertThat(fixture.use.ingest().ingest(List.of(new ReadingInput(id, time, Map.of("v", value)))).accepted()).isEqualTo(1);
    }
}
