package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.application.port.out.MaintainStore;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The thin services hand back what the store answered, asked with the bounds the service computed. */
class StoreAnswersTest {

    private static final Clock CLOCK = Clock.fixed(Fixtures.NOW, ZoneOffset.UTC);
    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();
    private static final QueryRange RANGES = new QueryRange(RETENTION, CLOCK);
    private static final SeriesId SERIES = SeriesId.of("s");
    private static final Reading READING = Reading.of("s", Fixtures.NOW.minusSeconds(60), Map.of("v", 1));

    /** A maintenance port that answers fixed counts and records what it was asked. */
    private static final class CountingMaintenance implements MaintainStore {
        final List<Object> asked = new ArrayList<>();

        @Override
        public long deleteSeries(SeriesId series) {
            asked.add(series);
            return 7;
        }

        @Override
        public long evictBefore(Instant cutoff) {
            asked.add(cutoff);
            return 4;
        }
    }

    /** A read port whose every answer holds the one reading, and that records the bounds it was asked for. */
    private static final class OneReading implements LoadReadings {
        final List<Object> asked = new ArrayList<>();

        @Override
        public List<Reading> read(SeriesId series, TimeRange range, int limit) {
            asked.add(limit);
            return List.of(READING);
        }

        @Override
        public Optional<Reading> latest(SeriesId series, Instant notBefore) {
            asked.add(notBefore);
            return Optional.of(READING);
        }

        @Override
        public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
            asked.add(number + "x" + size);
            return List.of(READING);
        }
    }

    @Test
    void deletingASeriesAnswersHowManyReadingsTheStoreRemoved() {
        CountingMaintenance store = new CountingMaintenance();

        long removed = new DeleteSeriesService(store).delete(SERIES);

        assertThat(removed).isEqualTo(7);
        assertThat(store.asked).containsExactly(SERIES);
    }

    @Test
    void reclaimingAnswersHowManyBucketsTheStoreRemovedBeforeRetentionAndGrace() {
        CountingMaintenance store = new CountingMaintenance();

        long removed = new ReclaimExpiredService(store, RETENTION, CLOCK).reclaim();

        assertThat(removed).isEqualTo(4);
        assertThat(store.asked).containsExactly(RETENTION.reclaimableBefore(Fixtures.NOW));
    }

    @Test
    void theLatestReadingIsTheStoresAnswerAtOrAfterTheOldestKept() {
        OneReading store = new OneReading();

        Optional<Reading> latest = new ReadLatestReadingService(store, RANGES).latest(SERIES);

        assertThat(latest).contains(READING);
        assertThat(store.asked).containsExactly(RETENTION.oldestKept(Fixtures.NOW));
    }

    @Test
    void aLimitOfOneIsAcceptedAndPassedToTheStore() {
        OneReading store = new OneReading();

        List<Reading> read = new ReadReadingsService(store, RANGES).read(SERIES, null, null, 1);

        assertThat(read).containsExactly(READING);
        assertThat(store.asked).containsExactly(1);
    }

    @Test
    void theLastPageNumberWhoseEndStillFitsALongIsAskedOfTheStore() {
        // given: a page size of 2, so that page Long.MAX_VALUE / 2 ends at index Long.MAX_VALUE - 1
        OneReading store = new OneReading();
        long lastFitting = Long.MAX_VALUE / 2;

        // when
        Optional<List<Reading>> fitting = new ReadPageService(store, RANGES, 2).page(SERIES, lastFitting, null);
        Optional<List<Reading>> beyond = new ReadPageService(store, RANGES, 2).page(SERIES, lastFitting + 1, null);

        // then: the store is asked for the first, never for the one past a long
        assertThat(fitting).contains(List.of(READING));
        assertThat(beyond).isEmpty();
        assertThat(store.asked).containsExactly(lastFitting + "x2");
    }

    @Test
    void aPageOfOneReadingIsAskedForPageOneOfSizeOne() {
        OneReading store = new OneReading();

        Optional<List<Reading>> page = new ReadPageService(store, RANGES, 5).page(SERIES, 1, 1);

        assertThat(page).contains(List.of(READING));
        assertThat(store.asked).containsExactly("1x1");
    }
}
