package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The in-memory store refuses what does not fit, before the heap runs out, and keeps everything it accepted. */
class StoreCapacityTest {

    private static final Instant T0 = Instant.parse("2026-11-30T00:00:00Z");
    /** A reading of two fields is estimated at 16 + 2 * 8 bytes. */
    private static final long PER_READING = StoreCapacity.READING_OVERHEAD + 2 * 8;
    /** A new series of a one-letter id is estimated at its overhead plus one byte. */
    private static final long PER_SERIES = StoreCapacity.SERIES_OVERHEAD + 1;

    private final AtomicLong tenured = new AtomicLong(10);

    /** A store with room for one series of a one-letter id and {@code readings} readings of two fields. */
    private InMemoryReadingStore storeHolding(long readings) {
        return storeHolding(1, readings);
    }

    private InMemoryReadingStore storeHolding(long series, long readings) {
        return new InMemoryReadingStore(BucketPolicy.defaults(),
                new StoreCapacity(series * PER_SERIES + readings * PER_READING, tenured::get));
    }

    private static List<Reading> batch(String series, int from, int count) {
        List<Reading> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            out.add(Reading.of(series, T0.plusSeconds(i), Map.of("temperature", 20.0 + i, "status", "OK")));
        }
        return out;
    }

    @Test
    void aBatchThatWouldPassTheLimitIsRefusedWholeAndWhatWasStoredStays() {
        InMemoryReadingStore store = storeHolding(10);
        store.store(batch("s", 0, 8));

        assertThatThrownBy(() -> store.store(batch("s", 8, 3)))
                .isInstanceOf(StoreFullException.class)
                .hasMessageContaining("cannot take these 3 readings")
                .hasMessageContaining("it holds 8 readings of 1 series")
                .hasMessageContaining("none of them was stored, and sending the batch again is safe");
        assertThat(store.read(SeriesId.of("s"), TimeRange.of(T0, T0.plusSeconds(100)), 100)).hasSize(8);
        assertThat(store.store(batch("s", 8, 2)).accepted()).as("what still fits is taken").isEqualTo(2);
    }

    @Test
    void newSeriesCountWhatTheyHoldSoAFloodOfThemIsRefusedAtTheLimit() {
        // given room for 10 one-letter series of one reading each
        InMemoryReadingStore store = storeHolding(10, 10);
        List<Reading> tenSeries = new ArrayList<>();
        for (char c = 'a'; c < 'a' + 10; c++) {
            tenSeries.addAll(batch(String.valueOf(c), 0, 1));
        }
        assertThat(store.store(tenSeries).accepted()).isEqualTo(10);

        // when one more new series comes, then it is refused, though its reading alone would fit
        assertThatThrownBy(() -> store.store(batch("k", 0, 1)))
                .isInstanceOf(StoreFullException.class)
                .hasMessageContaining("it holds 10 readings of 10 series");
        // and deleting a series gives its room back, series included
        store.deleteSeries(SeriesId.of("a"));
        assertThat(store.store(batch("k", 0, 1)).accepted()).isEqualTo(1);
    }

    @Test
    void aBatchOfKnownSeriesNearTheLimitIsNotChargedForNewSeries() {
        // given a store with one series and room left for two readings, far less than a new series
        InMemoryReadingStore store = storeHolding(8);
        store.store(batch("s", 0, 6));

        // when two more readings of that series come, then they are taken
        assertThat(store.store(batch("s", 6, 2)).accepted()).isEqualTo(2);
        // and a reading of a new series is not
        assertThatThrownBy(() -> store.store(batch("t", 0, 1))).isInstanceOf(StoreFullException.class);
    }

    @Test
    void duplicatesTakeNoRoom() {
        InMemoryReadingStore store = storeHolding(10);
        store.store(batch("s", 0, 5));
        store.store(batch("s", 0, 5));

        assertThat(store.store(batch("s", 5, 5)).accepted()).isEqualTo(5);
    }

    @Test
    void deletingASeriesMakesRoomAgain() {
        InMemoryReadingStore store = storeHolding(10);
        store.store(batch("a", 0, 10));
        assertThatThrownBy(() -> store.store(batch("b", 0, 1))).isInstanceOf(StoreFullException.class);

        store.deleteSeries(SeriesId.of("a"));

        assertThat(store.store(batch("b", 0, 10)).accepted()).isEqualTo(10);
    }

    @Test
    void evictingOldBucketsMakesRoomAgain() {
        InMemoryReadingStore store = storeHolding(10);
        store.store(batch("a", 0, 10));

        store.evictBefore(T0.plusSeconds(4000));   // the whole first hour

        assertThat(store.store(batch("a", 4000, 10)).accepted()).isEqualTo(10);
    }

    @Test
    void aFullStoreIsDownAndSaysWhy() {
        InMemoryReadingStore store = storeHolding(10);
        store.store(batch("a", 0, 9));
        assertThat(store.health()).isEqualTo(StoreHealth.healthy());

        store.store(batch("a", 9, 1));

        assertThat(store.health().up()).isFalse();
        assertThat(store.health().reason()).startsWith("the in-memory store cannot take writes: it holds 10 readings of 1 series");
    }

    @Test
    void aStoreOnANearlyFullHeapIsDown() {
        InMemoryReadingStore store = storeHolding(10);
        assertThat(store.health()).isEqualTo(StoreHealth.healthy());

        tenured.set(95);

        assertThat(store.health().up()).isFalse();
        assertThat(store.health().reason()).isEqualTo("the in-memory store cannot take writes: the JVM's long-lived heap is 95% full");
    }

    @Test
    void aNearlyFullHeapRefusesWritesWhateverTheEstimateSays() {
        InMemoryReadingStore store = storeHolding(1_000_000);
        tenured.set(92);

        assertThatThrownBy(() -> store.store(batch("a", 0, 1)))
                .isInstanceOf(StoreFullException.class)
                .hasMessageContaining("the JVM's long-lived heap is 92% full");
        tenured.set(91);
        assertThat(store.store(batch("a", 0, 1)).accepted()).isEqualTo(1);
    }

    @Test
    void theDefaultLimitIsHalfTheMaximumHeap() {
        assertThat(StoreCapacity.ofHeapShare().limitBytes()).isEqualTo((long) (Runtime.getRuntime().maxMemory() * 0.5));
        assertThat(StoreCapacity.tenuredPercent()).isBetween(0L, 100L);
        assertThatThrownBy(() -> StoreCapacity.ofLimit(0)).hasMessageContaining("must be positive");
    }
}
