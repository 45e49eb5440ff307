package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.testing.ForwardingRollups;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.application.testing.ListRollupStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link TieredAggregates#aggregateAll} over the list doubles: the tier's windows, raw parts at either end, merged. */
class TieredAggregatesTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final RollupTiers TIERS = new RollupTiers(List.of(new RollupTier(FIVE, Duration.ofDays(400))));
    private static final Instant FROM = Fixtures.BASE.plus(Duration.ofHours(1));
    private static final List<SeriesId> SERIES = List.of(SeriesId.of("tiered-b"), SeriesId.of("tiered-a"));

    private final ListReadingStore raw = new ListReadingStore(BucketPolicy.defaults());
    private final CapturingRollups rollups = new CapturingRollups();
    private final TieredAggregates aggregates = new TieredAggregates(raw, rollups, new RollupMaintenance(TIERS, rollups, raw),
            RetentionPolicy.defaults());

    /** Readings every minute of [FROM − 10 min, FROM + 20 min) for each series, and the 5-minute tier of [FROM, FROM + 15 min). */
    TieredAggregatesTest() {
        List<Reading> readings = new ArrayList<>();
        for (SeriesId series : SERIES) {
            for (int minute = -10; minute < 20; minute++) {
                readings.add(Fixtures.value(series, FROM.plus(Duration.ofMinutes(minute)), minute * 1.5 + series.value().length()));
            }
        }
        raw.store(readings);
        List<RollupWindow> windows = new ArrayList<>();
        for (SeriesId series : SERIES) {
            for (int minute = 0; minute < 15; minute += 5) {
                Instant start = FROM.plus(Duration.ofMinutes(minute));
                TimeRange range = new TimeRange(start, start.plus(FIVE));
                windows.add(new RollupWindow(series, FIVE, start,
                        TierWindow.of(series, start, range.to(), raw.read(series, range, 100))));
            }
        }
        rollups.replace(windows);
    }

    private List<WindowAggregate> both(Instant from, Instant to, Duration window) {
        TimeRange range = new TimeRange(from, to);
        List<WindowAggregate> answer = aggregates.aggregateAll(range, window, 1000, Fixtures.NOW);
        assertThat(answer).as("%s windows over %s", window, range).isEqualTo(raw.aggregateAll(range, window, 1000));
        return answer;
    }

    @Test
    void theTierAloneAnswersWholeWindowsOfItsSizeAsItStoresThem() {
        // when
        List<WindowAggregate> answer = both(FROM, FROM.plus(Duration.ofMinutes(10)), FIVE);

        // then: by series then start, as the tier gave them
        assertThat(answer).hasSize(4).isSameAs(rollups.lastReadAll);
        assertThat(answer).extracting(w -> w.series().value()).containsExactly("tiered-a", "tiered-a", "tiered-b", "tiered-b");
    }

    @Test
    void windowsTwiceTheTiersAreMergedFromItsWindows() {
        // when
        List<WindowAggregate> answer = both(FROM, FROM.plus(Duration.ofMinutes(10)), Duration.ofMinutes(10));

        // then
        assertThat(answer).hasSize(2).isNotSameAs(rollups.lastReadAll);
        assertThat(answer).extracting(WindowAggregate::count).containsExactly(10L, 10L);
    }

    @Test
    void aRangeCuttingATierWindowAtEitherEndReadsThoseEndsFromTheRawReadings() {
        // when: a raw head [FROM − 2 min, FROM), the tier's [FROM, FROM + 10 min), a raw tail [FROM + 10 min, FROM + 12 min)
        List<WindowAggregate> headAndTail = both(FROM.minus(Duration.ofMinutes(2)), FROM.plus(Duration.ofMinutes(12)), FIVE);
        List<WindowAggregate> head = both(FROM.minus(Duration.ofMinutes(2)), FROM.plus(Duration.ofMinutes(10)), FIVE);
        List<WindowAggregate> tail = both(FROM, FROM.plus(Duration.ofMinutes(12)), FIVE);

        // then
        assertThat(headAndTail).hasSize(8);
        assertThat(head).hasSize(6);
        assertThat(tail).hasSize(6);
    }

    /** Remembers the list its last {@code readAll} answered. */
    private static final class CapturingRollups extends ForwardingRollups {
        List<WindowAggregate> lastReadAll;

        CapturingRollups() {
            super(new ListRollupStore());
        }

        @Override
        public List<WindowAggregate> readAll(Duration tier, TimeRange range, int limit) {
            lastReadAll = super.readAll(tier, range, limit);
            return lastReadAll;
        }
    }
}
