package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SealPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** When the in-memory store seals a window, and what a sealed window does with late and duplicate readings. */
class SealedBucketsTest {

    private static final Instant NINE = Instant.parse("2026-07-21T09:00:00Z");
    private static final Instant NOON = Instant.parse("2026-07-21T12:00:00Z");
    private static final TimeRange DAY = TimeRange.of(NINE.minus(Duration.ofHours(9)), NINE.plus(Duration.ofHours(15)));
    private static final SeriesId SENSOR = SeriesId.of("sensor-1");

    @Test
    void aWindowIsSealedWhenItsSeriesMovesOnAndTheAllowanceHasPassed() {
        // given: the default policy, the clock at noon; readings of 09:00–10:00 and 11:00–12:00
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.defaults(), at(NOON));
        store.store(List.of(reading(NINE, 1), reading(NINE.plusSeconds(60), 2)));

        // when: the series moves on to a later window
        store.store(List.of(reading(NINE.plus(Duration.ofHours(2)), 3)));

        // then: 09:00 is sealed (it ended 2 h ago), the latest window is not
        SealingFigures figures = store.sealingFigures();
        assertThat(figures.sealedBuckets()).isEqualTo(1);
        assertThat(figures.sealedReadings()).isEqualTo(2);
        assertThat(figures.openReadings()).isEqualTo(1);
        assertThat(store.read(SENSOR, DAY, 10)).extracting(r -> r.fields().number("temperature")).containsExactly(1.0, 2.0, 3.0);
        // and the new window, in the storage the sealed one gave up, holds only its own reading and summary
        List<WindowAggregate> eleven = store.aggregate(SENSOR, TimeRange.of(NINE.plus(Duration.ofHours(2)), NOON),
                Duration.ofHours(1));
        assertThat(eleven).singleElement().satisfies(w -> {
            assertThat(w.count()).isEqualTo(1);
            assertThat(w.fields().get("temperature").sum()).isEqualTo(3.0);
        });
        assertThat(store.statistics().buckets()).isEqualTo(2);
    }

    @Test
    void sealingCountsTheTimesAndPresentValuesItEncoded() {
        // given: three readings of 09:00, one lacking the status, and one of 11:00 that seals them
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.defaults(), at(NOON));
        store.store(List.of(Reading.of("sensor-1", NINE, Map.of("temperature", 20.5, "status", "OK")),
                Reading.of("sensor-1", NINE.plusSeconds(60), Map.of("temperature", 21.25)),
                Reading.of("sensor-1", NINE.plusSeconds(120), Map.of("temperature", 22.0, "status", "WARN"))));

        // when
        store.store(List.of(reading(NINE.plus(Duration.ofHours(2)), 3)));

        // then: 3 times, 3 temperatures and 2 statuses
        assertThat(store.sealingFigures().encodedValues()).isEqualTo(8);
    }

    @Test
    void aRecycledWindowStartsWithoutTheTextsOfTheWindowItsStorageCameFrom() {
        // given: a window whose readings have a text each, sealed as its series moves on
        PackedBucket nine = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, BucketPolicy.defaults());
        for (int i = 0; i < 5; i++) {
            nine.add(Reading.of("sensor-1", NINE.plusSeconds(60L * i), Map.of("status", "message " + i)));
        }
        assertThat(nine.distinctTexts()).isEqualTo(5);

        // when: the next window takes its storage and gets one reading of a new text
        long ten = NINE.plus(Duration.ofHours(1)).toEpochMilli();
        PackedBucket next = PackedBucket.recycle(nine, ten, 0, BucketPolicy.defaults());
        next.add(Reading.of("sensor-1", Instant.ofEpochMilli(ten), Map.of("status", "message 5")));

        // then: it holds the one text its reading has, not the five of the window before
        assertThat(next.distinctTexts()).isEqualTo(1);
        assertThat(next.readings()).singleElement().satisfies(r -> assertThat(r.fields().get("status"))
                .hasToString("message 5"));
    }

    @Test
    void aWindowWithinItsAllowanceIsSealedByTheMaintenanceStepOnceTheAllowanceHasPassed() {
        // given: the clock five minutes after 10:00, a reading of 09:00 and one of 10:00
        MovingClock clock = new MovingClock(NINE.plus(Duration.ofMinutes(65)));
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.defaults(), clock);
        store.store(List.of(reading(NINE, 1)));
        store.store(List.of(reading(NINE.plus(Duration.ofHours(1)), 2)));
        assertThat(store.sealingFigures().sealedBuckets()).as("09:00 ended 5 minutes ago").isZero();

        // when: ten more minutes, then the maintenance step
        clock.now = NINE.plus(Duration.ofMinutes(75));
        store.evictBefore(Instant.EPOCH);

        // then
        assertThat(store.sealingFigures().sealedBuckets()).isEqualTo(1);
    }

    @Test
    void aLateReadingIntoASealedWindowIsStoredInPlaceAndVisibleAtOnce() {
        // given: a sealed window of two readings
        InMemoryReadingStore store = sealedStore(BucketPolicy.defaults());
        store.store(List.of(reading(NINE, 1), reading(NINE.plusSeconds(120), 3)));
        store.sealSealable();

        // when: a reading between them arrives
        StoreResult result = store.store(List.of(reading(NINE.plusSeconds(60), 2)));

        // then: stored, in time order, in the window opened again
        assertThat(result).isEqualTo(new StoreResult(1, 0));
        assertThat(store.read(SENSOR, DAY, 10)).extracting(r -> r.fields().number("temperature")).containsExactly(1.0, 2.0, 3.0);
        assertThat(store.latest(SENSOR, Instant.EPOCH)).map(r -> r.fields().number("temperature")).contains(3.0);
        SealingFigures figures = store.sealingFigures();
        assertThat(figures.reopened()).isEqualTo(1);
        assertThat(figures.openReadings()).isEqualTo(3);
        assertThat(store.statistics().buckets()).isEqualTo(1);

        // and the maintenance step seals it again, all three readings in one bucket
        store.sealSealable();
        assertThat(store.sealingFigures().sealedBuckets()).isEqualTo(1);
        assertThat(store.sealingFigures().sealedReadings()).isEqualTo(3);
        assertThat(store.read(SENSOR, DAY, 10)).extracting(r -> r.fields().number("temperature")).containsExactly(1.0, 2.0, 3.0);
    }

    @Test
    void lateReadingsIntoOneSealedWindowOpenItOnceAndAreAllStoredInTimeOrder() {
        // given: a sealed hour of the even minutes
        InMemoryReadingStore store = sealedStore(BucketPolicy.defaults());
        List<Reading> even = new ArrayList<>();
        for (int minute = 0; minute < 60; minute += 2) {
            even.add(reading(NINE.plus(Duration.ofMinutes(minute)), minute));
        }
        store.store(even);
        store.sealSealable();

        // when: the odd minutes arrive late, one batch each, and one of them twice
        int accepted = 0;
        int duplicates = 0;
        for (int minute = 59; minute > 0; minute -= 2) {
            accepted += store.store(List.of(reading(NINE.plus(Duration.ofMinutes(minute)), minute))).accepted();
        }
        duplicates += store.store(List.of(reading(NINE.plus(Duration.ofMinutes(7)), 99))).duplicates();

        // then: every minute once, in time order, the first stored of each kept; one decode to open the window
        assertThat(accepted).isEqualTo(30);
        assertThat(duplicates).isEqualTo(1);
        List<Double> expected = new ArrayList<>();
        for (int minute = 0; minute < 60; minute++) {
            expected.add((double) minute);
        }
        assertThat(store.read(SENSOR, DAY, 100)).extracting(r -> r.fields().number("temperature"))
                .containsExactlyElementsOf(expected);
        assertThat(store.sealingFigures().reopened()).isEqualTo(1);
        store.sealSealable();
        assertThat(store.read(SENSOR, DAY, 100)).extracting(r -> r.fields().number("temperature"))
                .containsExactlyElementsOf(expected);
    }

    @Test
    void aWindowOpenedAgainIsSealedAgainOnceItsSeriesIsPastItsEndAndTheAllowance() {
        // given: the default ten minutes' allowance, the clock at noon; 09:00 sealed as its series moved
        // on to 10:00, then opened again by a late reading
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.defaults(), at(NOON));
        store.store(List.of(reading(NINE, 1), reading(NINE.plusSeconds(60), 2), reading(NINE.plus(Duration.ofHours(1)), 4)));
        store.store(List.of(reading(NINE.plus(Duration.ofMinutes(30)), 3)));
        assertThat(store.sealingFigures().reopened()).isEqualTo(1);

        // when: a reading within the allowance after 10:00, then one past it
        store.store(List.of(reading(NINE.plus(Duration.ofMinutes(69)), 5)));
        SealingFigures within = store.sealingFigures();
        store.store(List.of(reading(NINE.plus(Duration.ofMinutes(70)), 6)));

        // then: 09:00 stays open for more late readings until then, and is sealed with its late one after
        assertThat(within.sealedBuckets()).isZero();
        SealingFigures past = store.sealingFigures();
        assertThat(past.sealedBuckets()).isEqualTo(1);
        assertThat(past.sealedReadings()).isEqualTo(3);
        assertThat(past.openReadings()).isEqualTo(3);
        assertThat(store.read(SENSOR, DAY, 10)).extracting(r -> r.fields().number("temperature"))
                .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    }

    @Test
    void aDuplicateOfAReadingInASealedWindowIsCountedAndTheStoredOneWins() {
        // given
        InMemoryReadingStore store = sealedStore(BucketPolicy.defaults());
        store.store(List.of(reading(NINE, 1), reading(NINE.plusSeconds(60), 2)));
        store.sealSealable();

        // when
        StoreResult result = store.store(List.of(reading(NINE.plusSeconds(60), 99)));

        // then
        assertThat(result).isEqualTo(new StoreResult(0, 1));
        assertThat(store.read(SENSOR, DAY, 10)).extracting(r -> r.fields().number("temperature")).containsExactly(1.0, 2.0);
        assertThat(store.sealingFigures().reopened()).isZero();
    }

    @Test
    void aDuplicateOfAReadingInASealedWindowIsFoundByDecodingTheTimesAlone() {
        // given: a sealed hour of 60 readings of a temperature and a status
        InMemoryReadingStore store = sealedStore(BucketPolicy.defaults());
        List<Reading> hour = new ArrayList<>();
        for (int minute = 0; minute < 60; minute++) {
            hour.add(reading(NINE.plus(Duration.ofMinutes(minute)), minute));
        }
        store.store(hour);
        store.sealSealable();
        long decodedBefore = store.sealingFigures().decodedValues();

        // when: one of them arrives again
        StoreResult result = store.store(List.of(reading(NINE.plus(Duration.ofMinutes(7)), 99)));

        // then: refused as a duplicate after decoding the 60 times, none of the 120 values
        assertThat(result).isEqualTo(new StoreResult(0, 1));
        assertThat(store.sealingFigures().decodedValues() - decodedBefore).isEqualTo(60);
    }

    @Test
    void aSealedBucketDecodedForItsTimesRefusesToMakeReadingsOrAggregates() {
        // given: a sealed bucket decoded for its times alone
        PackedBucket open = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, BucketPolicy.defaults());
        open.add(reading(NINE, 1));
        DecodedColumns times = SealedColumns.of(open).decode(SENSOR, Sealing.off(), DecodedColumns.Need.TIMES);

        // then: its times answer, a reading or an aggregate is a broken precondition, not a wrong answer
        assertThat(times.contains(NINE.toEpochMilli())).isTrue();
        assertThatThrownBy(() -> times.readingAt(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without its texts");
        assertThatThrownBy(() -> times.aggregateInto(null, 0, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without its numbers");
    }

    @Test
    void aFullPageIsSealedWhenTheNextOpensAndALateReadingSplitsItAsAnOpenPageWould() {
        // given: pages of 3; six readings at even minutes
        InMemoryReadingStore sealed = sealedStore(BucketPolicy.paged(3));
        InMemoryReadingStore rows = new InMemoryReadingStore(BucketPolicy.paged(3));
        for (int minute = 0; minute < 12; minute += 2) {
            List<Reading> one = List.of(reading(NINE.plus(Duration.ofMinutes(minute)), minute));
            sealed.store(one);
            rows.store(one);
        }
        assertThat(sealed.sealingFigures().sealedBuckets()).as("the first page, full when the second opened").isEqualTo(1);

        // when: a late reading into the sealed first page
        List<Reading> late = List.of(reading(NINE.plus(Duration.ofMinutes(1)), 1));
        sealed.store(late);
        rows.store(late);

        // then: the same pages
        for (int page = 1; page <= 4; page++) {
            assertThat(sealed.page(SENSOR, page, 3, Instant.EPOCH)).as("page " + page).isEqualTo(rows.page(SENSOR, page, 3, Instant.EPOCH));
        }
        assertThat(sealed.statistics().buckets()).isEqualTo(rows.statistics().buckets());
    }

    @Test
    void theCapacityCountsASealedBucketAtItsHeapInsteadOfItsReadingsEstimate() {
        // given: a store whose capacity can be read, three windows of 30 readings
        // (the clock before the first window ends, so that nothing is sealed while they are written)
        StoreCapacity capacity = new StoreCapacity(1L << 30, () -> 0);
        MovingClock clock = new MovingClock(NINE);
        InMemoryReadingStore store = hoursFrom(NINE, 3, 1, capacity, clock);
        long series = StoreCapacity.seriesEstimate(SENSOR);
        long estimated = 90 * StoreCapacity.estimate(reading(NINE, 0));
        assertThat(capacity.heldBytes()).isEqualTo(series + estimated);

        // when
        clock.now = NOON;
        store.sealSealable();

        // then: every window is sealed, and the capacity holds exactly their heap (and the series')
        SealingFigures figures = store.sealingFigures();
        assertThat(figures.sealedBuckets()).isEqualTo(3);
        assertThat(capacity.heldBytes() - series).isEqualTo(figures.sealedHeapBytes()).isLessThan(estimated);

        // and when a series is deleted, its sealed heap is given back
        store.deleteSeries(SENSOR);
        assertThat(capacity.heldBytes()).isZero();
    }

    @Test
    void theCapacityFollowsASealedBucketOpenedAgainAndSealedAgain() {
        // given: two sealed windows of 30 readings at even minutes
        StoreCapacity capacity = new StoreCapacity(1L << 30, () -> 0);
        MovingClock clock = new MovingClock(NINE);
        InMemoryReadingStore store = hoursFrom(NINE, 2, 2, capacity, clock);
        clock.now = NOON;
        store.sealSealable();
        long series = StoreCapacity.seriesEstimate(SENSOR);
        long sealedHeap = store.sealingFigures().sealedHeapBytes();

        // when: a late reading opens 09:00 again
        store.store(List.of(reading(NINE.plus(Duration.ofMinutes(1)), 1)));

        // then: the capacity holds the open window at its readings' estimate and 10:00 at its heap
        long tenSealed = store.sealingFigures().sealedHeapBytes();
        assertThat(capacity.heldBytes() - series).isEqualTo(tenSealed + 31 * StoreCapacity.estimate(reading(NINE, 0)));

        // and when it is sealed again, the capacity holds exactly the sealed heap
        store.sealSealable();
        SealingFigures figures = store.sealingFigures();
        assertThat(figures.sealedBuckets()).isEqualTo(2);
        assertThat(capacity.heldBytes() - series).isEqualTo(figures.sealedHeapBytes()).isGreaterThan(sealedHeap);
        store.deleteSeries(SENSOR);
        assertThat(capacity.heldBytes()).isZero();
    }

    @Test
    void aWindowSealedAgainCountsItsRowsOnceInTheSealingFigures() {
        // given: a sealed hour of two readings
        InMemoryReadingStore store = sealedStore(BucketPolicy.defaults());
        store.store(List.of(reading(NINE, 1), reading(NINE.plusSeconds(120), 3)));
        store.sealSealable();
        long rowBytesFirstSealed = store.sealingFigures().rowBytesOfSealed();

        // when: a late reading opens it again and the maintenance step seals it again
        store.store(List.of(reading(NINE.plusSeconds(60), 2)));
        store.sealSealable();

        // then: its rows are counted once, not once per seal
        SealingFigures figures = store.sealingFigures();
        assertThat(figures.reopened()).isEqualTo(1);
        assertThat(figures.sealedReadings()).isEqualTo(3);
        assertThat(figures.rowBytesOfSealed()).isEqualTo(rowBytesFirstSealed);
    }

    @Test
    void nearItsMemoryLimitTheStoreSealsAgainAtOnceAWindowALateReadingOpened() {
        // given: two sealed windows of a sensor, and another sensor's open rows bringing the store to
        // five sixths of its limit (measured on a store without a limit doing the same)
        long held = nearlyFullStore(1L << 30).capacity.heldBytes();
        NearlyFull nearlyFull = nearlyFullStore(held * 6 / 5);
        assertThat(nearlyFull.capacity.nearLimit()).isTrue();
        InMemoryReadingStore store = nearlyFull.store;

        // when: a late reading into the first window
        StoreResult result = store.store(List.of(reading(NINE.plus(Duration.ofMinutes(1)), 1)));

        // then: stored, and its window sealed again at once rather than left as rows
        assertThat(result).isEqualTo(new StoreResult(1, 0));
        SealingFigures figures = store.sealingFigures();
        assertThat(figures.reopened()).isEqualTo(1);
        assertThat(figures.sealedBuckets()).isEqualTo(2);
        assertThat(figures.sealedReadings()).isEqualTo(61);
        assertThat(store.read(SENSOR, DAY, 100)).hasSize(61);
        assertThat(nearlyFull.capacity.heldBytes()).isLessThanOrEqualTo(nearlyFull.capacity.limitBytes());
    }

    private record NearlyFull(InMemoryReadingStore store, StoreCapacity capacity) {
    }

    /** Two sealed windows of 30 readings of SENSOR, then 300 readings of another series in one open window. */
    private static NearlyFull nearlyFullStore(long limitBytes) {
        StoreCapacity capacity = new StoreCapacity(limitBytes, () -> 0);
        MovingClock clock = new MovingClock(NINE);
        InMemoryReadingStore store = hoursFrom(NINE, 2, 2, capacity, clock);
        clock.now = NOON;
        store.sealSealable();
        List<Reading> other = new ArrayList<>();
        for (int second = 0; second < 300; second++) {
            other.add(Reading.of("sensor-2", NINE.plusSeconds(second), Map.of("temperature", (double) second)));
        }
        store.store(other);
        return new NearlyFull(store, capacity);
    }

    @Test
    void aWholeWindowAggregateTakesTheSummariesOfTheSealedBucketsInsideItWithoutDecodingThem() {
        // given: five sealed hours of 60 readings, and the same readings as rows
        InMemoryReadingStore sealed = sealedStore(BucketPolicy.defaults());
        InMemoryReadingStore rows = new InMemoryReadingStore(BucketPolicy.defaults());
        Instant midnight = NINE.minus(Duration.ofHours(9));
        for (int minute = 0; minute < 300; minute++) {
            List<Reading> one = List.of(reading(midnight.plus(Duration.ofMinutes(minute)), minute % 17 * 0.25));
            sealed.store(one);
            rows.store(one);
        }
        sealed.sealSealable();
        long decodedBefore = sealed.sealingFigures().decodedValues();

        // when: one window of a day
        List<WindowAggregate> day = sealed.aggregate(SENSOR, DAY, Duration.ofDays(1));

        // then: the same window as from the rows; only the first and the last hour were decoded, their
        // times and temperatures (an aggregate passes the status texts over)
        assertSameWindows(day, rows.aggregate(SENSOR, DAY, Duration.ofDays(1)));
        assertThat(sealed.sealingFigures().decodedValues() - decodedBefore).isEqualTo(2 * 60 * 2);
    }

    /**
     * A store sealing at once by {@code clock}, counting in {@code capacity}, holding {@code hours} hours from
     * {@code first} of 30 readings, one every {@code step} minutes, each its own batch.
     */
    private static InMemoryReadingStore hoursFrom(Instant first, int hours, int step, StoreCapacity capacity,
                                                  Clock clock) {
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), capacity, SealPolicy.immediate(),
                clock, Runnable::run, 1);
        for (int hour = 0; hour < hours; hour++) {
            for (int minute = 0; minute < 30 * step; minute += step) {
                store.store(List.of(reading(first.plus(Duration.ofHours(hour)).plus(Duration.ofMinutes(minute)), minute)));
            }
        }
        return store;
    }

    private static InMemoryReadingStore sealedStore(BucketPolicy policy) {
        return new InMemoryReadingStore(policy, SealPolicy.immediate(), at(NOON));
    }

    private static Clock at(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }

    static Reading reading(Instant time, double temperature) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("temperature", temperature);
        fields.put("status", "OK");
        return Reading.of(SENSOR.value(), time, fields);
    }

    /** A clock a test moves. */
    private static final class MovingClock extends Clock {
        Instant now;

        MovingClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
