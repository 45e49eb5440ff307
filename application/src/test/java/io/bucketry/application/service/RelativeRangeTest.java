package io.bucketry.application.service;

import io.bucketry.application.UseCases;
import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.TimeBound;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A range relative to now is resolved at the use case's instant, the one its clock gives the request. */
class RelativeRangeTest {

    private static final Duration HOUR = Duration.ofHours(1);
    private static final TimeBounds LAST_HOUR_BUT_TEN_MINUTES =
            new TimeBounds(TimeBound.fromNow(HOUR.negated()), TimeBound.fromNow(Duration.ofMinutes(-10)));

    private final MutableClock clock = new MutableClock(Fixtures.NOW);
    private final UseCases use = UseCases.over(new ListReadingStore(BucketPolicy.defaults()),
            ApplicationSettings.defaults(), clock);
    private final SeriesId series = Fixtures.freshSeries("relative");
    private final List<Reading> stored = new ArrayList<>();

    RelativeRangeTest() {
        for (int minute = 180; minute > 0; minute--) {   // every minute of the three hours before NOW
            stored.add(Fixtures.value(series, Fixtures.NOW.minus(Duration.ofMinutes(minute)), minute));
        }
        assertThat(use.ingest().ingest(Fixtures.inputs(stored)).accepted()).isEqualTo(stored.size());
    }

    @Test
    void aRelativeRangeReadsTheReadingsBetweenItsBoundsAtTheClocksInstant() {
        // when
        List<Reading> read = use.read().read(series, LAST_HOUR_BUT_TEN_MINUTES, 1000);

        // then
        assertThat(read).containsExactlyElementsOf(between(Fixtures.NOW.minus(HOUR), Fixtures.NOW.minusSeconds(600)));
        assertThat(read).hasSize(50);
    }

    @Test
    void theSameRelativeRangeMovesWithTheClock() {
        // given
        clock.advance(Duration.ofMinutes(-30));
        Instant now = Fixtures.NOW.minus(Duration.ofMinutes(30));

        // when
        List<Reading> read = use.read().read(series, LAST_HOUR_BUT_TEN_MINUTES, 1000);

        // then
        assertThat(read).containsExactlyElementsOf(between(now.minus(HOUR), now.minusSeconds(600)));
    }

    @Test
    void aRelativeAggregationEqualsTheOneBetweenTheInstantsItDenotes() {
        // given
        Instant from = Fixtures.NOW.minus(HOUR);
        Instant to = Fixtures.NOW.minusSeconds(600);
        GapFill fill = new GapFill(FillMode.NULL, null);

        // then
        assertSameWindows(use.aggregate().aggregate(series, LAST_HOUR_BUT_TEN_MINUTES, Duration.ofMinutes(5), fill),
                use.aggregate().aggregate(series, from, to, Duration.ofMinutes(5), fill));
        assertSameWindows(use.aggregateAll().aggregateAll(LAST_HOUR_BUT_TEN_MINUTES, Duration.ofMinutes(5), fill),
                use.aggregateAll().aggregateAll(from, to, Duration.ofMinutes(5), fill));
        assertThat(use.aggregate().aggregate(series, LAST_HOUR_BUT_TEN_MINUTES, Duration.ofMinutes(5), fill))
                .hasSize(10);
    }

    @Test
    void aRelativeRangeThatEndsBeforeItStartsIsRefusedAsAnyOther() {
        TimeBounds backwards = new TimeBounds(TimeBound.fromNow(Duration.ZERO), TimeBound.fromNow(HOUR.negated()));

        assertThatThrownBy(() -> use.read().read(series, backwards, 10))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_RANGE"))
                .hasMessageContaining(Fixtures.NOW.minus(HOUR).toString());
    }

    private List<Reading> between(Instant from, Instant to) {
        return stored.stream().filter(r -> !r.time().isBefore(from) && r.time().isBefore(to)).toList();
    }
}
