package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Pending rollup windows marked by the in-memory store as it stores readings ({@link MarkedSeries}, {@link PendingMarks}). */
class PendingMarksTest {

    private static final long HOUR = 3_600_000L;
    private static final Instant NOW = Instant.now();
    private static final long BASE = Math.floorDiv(NOW.minus(Duration.ofDays(2)).toEpochMilli(), HOUR) * HOUR;

    @Test
    void marksAndClearsInAnyOrderLeaveWhatAModelOfThemHoldsInStartOrderWithTheLastStamps() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int round = 0; round < 50; round++) {
            // given: a series' marks and a model of them, start -> stamp
            MarkedSeries marks = new MarkedSeries() { };
            TreeMap<Long, Long> model = new TreeMap<>();
            long stamp = 0;
            long latest = 0;
            for (int i = 0; i < 300; i++) {
                String message = "seed " + seed + ", round " + round + ", step " + i;
                // when: mostly the latest window or the next, at times a late one, at times a clear with the
                // stamp last read or a stale one
                int op = random.nextInt(10);
                if (op < 7) {
                    latest += random.nextInt(8) == 0 ? HOUR : 0;
                    long start = random.nextInt(5) == 0 ? HOUR * random.nextInt((int) (latest / HOUR) + 1) : latest;
                    marks.mark(start, ++stamp);
                    model.put(start, stamp);
                } else {
                    long start = HOUR * random.nextInt((int) (latest / HOUR) + 2);
                    Long held = model.get(start);
                    boolean stale = held == null || random.nextBoolean();
                    long token = held == null ? stamp : stale ? held - 1 : held;
                    boolean cleared = marks.clearMark(start, token);
                    assertThat(cleared).as(message).isEqualTo(held != null && !stale);
                    if (cleared) {
                        model.remove(start);
                    }
                }

                // then: every mark as the model has it, in start order, also within a range and a limit
                assertThat(marks.hasMarks()).as(message).isEqualTo(!model.isEmpty());
                List<PendingRollup> all = new ArrayList<>();
                assertThat(marks.collectMarks(SENSOR, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MAX_VALUE, all))
                        .as(message).isEqualTo(model.size());
                assertThat(all).as(message).containsExactlyElementsOf(rollups(model));
                long from = HOUR * random.nextInt((int) (latest / HOUR) + 1);
                long to = from + HOUR * random.nextInt(4);
                int limit = random.nextInt(4);
                List<PendingRollup> some = new ArrayList<>();
                marks.collectMarks(SENSOR, from, to, limit, some);
                assertThat(some).as(message + ", [" + from + ", " + to + ") limit " + limit)
                        .containsExactlyElementsOf(rollups(model.subMap(from, to)).stream().limit(limit).toList());
            }
        }
    }

    private static final SeriesId SENSOR = SeriesId.of("s");

    private static List<PendingRollup> rollups(Map<Long, Long> marks) {
        return marks.entrySet().stream().map(e -> new PendingRollup(new RollupKey(SENSOR, e.getKey()), e.getValue())).toList();
    }

    @Test
    void aMarkIsClearedOnlyWithTheStampItWasReadWith() {
        MarkedSeries marks = new MarkedSeries() { };
        marks.mark(HOUR, 1);
        marks.mark(2 * HOUR, 2);
        marks.mark(HOUR, 3);   // a later write to the first window

        assertThat(marks.clearMark(HOUR, 1)).as("a stale stamp").isFalse();
        assertThat(marks.clearMark(HOUR, 3)).isTrue();
        assertThat(marks.clearMark(3 * HOUR, 2)).as("no such window").isFalse();
        assertThat(marks.clearMark(2 * HOUR, 1)).as("the latest window, a stale stamp").isFalse();
        List<PendingRollup> out = new ArrayList<>();
        assertThat(marks.collectMarks(SENSOR, 0, 2 * HOUR, 10, out)).isZero();
        assertThat(marks.collectMarks(SENSOR, 0, 3 * HOUR, 10, out)).isOne();
        assertThat(out).containsExactly(new PendingRollup(new RollupKey(SENSOR, 2 * HOUR), 2));
    }

    @Test
    void theStampThatMeansNoMarkIsRefused() {
        MarkedSeries marks = new MarkedSeries() { };
        assertThatThrownBy(() -> marks.mark(HOUR, MarkedSeries.NONE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NONE");
        assertThat(marks.hasMarks()).isFalse();
    }

    @Test
    void theStoresOwnRollupStoreFindsTheWindowsOfStoredReadingsPendingWithoutBeingToldOfThem() {
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        StoreRollups rollups = store.rollups();
        assertThat(rollups.recordsPendingOnWrite(Duration.ofHours(1))).isTrue();
        SeriesId a = SeriesId.of("marked-a");
        SeriesId b = SeriesId.of("marked-b");

        store.store(List.of(reading(a, BASE + 60_000), reading(b, BASE + 2 * HOUR), reading(a, BASE + HOUR + 5),
                reading(a, BASE + 120_000)));

        assertThat(rollups.pending(100)).extracting(PendingRollup::key).containsExactlyInAnyOrder(
                new RollupKey(a, BASE), new RollupKey(a, BASE + HOUR), new RollupKey(b, BASE + 2 * HOUR));
        assertThat(rollups.pending(a, new TimeRange(Instant.ofEpochMilli(BASE + HOUR), Instant.ofEpochMilli(BASE + 2 * HOUR))))
                .extracting(PendingRollup::key).containsExactly(new RollupKey(a, BASE + HOUR));
        assertThat(rollups.pending(new TimeRange(Instant.ofEpochMilli(BASE + 2 * HOUR), NOW), 100))
                .extracting(PendingRollup::key).containsExactly(new RollupKey(b, BASE + 2 * HOUR));
    }

    @Test
    void aReadingStoredAfterTheMarksWereReadKeepsItsWindowPendingWhenTheyAreCleared() {
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        StoreRollups rollups = store.rollups();
        rollups.recordsPendingOnWrite(Duration.ofHours(1));
        SeriesId series = SeriesId.of("marked-late");
        store.store(List.of(reading(series, BASE + 60_000), reading(series, BASE + HOUR)));
        List<PendingRollup> read = rollups.pending(100);

        store.store(List.of(reading(series, BASE + 30_000)));   // late, into the first window, after the read
        store.store(List.of(reading(series, BASE + 60_000)));   // a duplicate marks nothing
        rollups.clearPending(read);

        assertThat(rollups.pending(100)).extracting(PendingRollup::key).containsExactly(new RollupKey(series, BASE));
    }

    @Test
    void marksOfOneWidthServeATierOfAMultipleOfItOnlyAndDuplicatesMarkNothing() {
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        assertThat(store.rollups()).isSameAs(store.rollups());
        assertThat(store.rollups().recordsPendingOnWrite(Duration.ofMinutes(30))).isTrue();
        assertThat(store.rollups().recordsPendingOnWrite(Duration.ofHours(1))).isTrue();
        assertThat(store.rollups().recordsPendingOnWrite(Duration.ofMinutes(45))).isFalse();
        assertThat(new InMemoryRollupStore().recordsPendingOnWrite(Duration.ofHours(1))).as("a rollup store on its own").isFalse();
        SeriesId series = SeriesId.of("marked-dup");
        store.store(List.of(reading(series, BASE + 31 * 60_000L)));
        store.rollups().clearPending(store.rollups().pending(100));

        store.store(List.of(reading(series, BASE + 31 * 60_000L)));

        assertThat(store.rollups().pending(100)).as("after a duplicate").isEmpty();
        store.store(List.of(reading(series, BASE + 32 * 60_000L)));
        assertThat(store.rollups().pending(100)).extracting(PendingRollup::key)
                .containsExactly(new RollupKey(series, BASE + 30 * 60_000L));
    }

    @Test
    void aSearchPassesStripesFoundWithoutMarksUntilAWriteMarksInThemAgain() {
        // given: series in every stripe, each with a marked window, all settled (cleared)
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults());
        StoreRollups rollups = store.rollups();
        rollups.recordsPendingOnWrite(Duration.ofHours(1));
        List<Reading> first = new ArrayList<>();
        for (int s = 0; s < 300; s++) {
            first.add(reading(SeriesId.of("passed-" + s), BASE + s));
        }
        store.store(first);
        assertThat(rollups.pending(3)).as("a search stopped at its limit").hasSize(3);
        assertThat(rollups.pending(1000)).as("after a search stopped at its limit").hasSize(300);
        rollups.clearPending(rollups.pending(1000));
        assertThat(rollups.pending(1000)).isEmpty();

        // when: a new reading and a late one, in two series
        SeriesId late = SeriesId.of("passed-7");
        SeriesId later = SeriesId.of("passed-250");
        store.store(List.of(reading(later, BASE + 2 * HOUR)));
        store.store(List.of(reading(late, BASE - HOUR)));

        // then: the stripes passed before are searched again, and find just those windows
        assertThat(rollups.pending(1000)).extracting(PendingRollup::key).containsExactlyInAnyOrder(
                new RollupKey(later, BASE + 2 * HOUR), new RollupKey(late, BASE - HOUR));
        assertThat(rollups.pending(new TimeRange(Instant.ofEpochMilli(BASE - HOUR), Instant.ofEpochMilli(BASE)), 1000))
                .extracting(PendingRollup::key).containsExactly(new RollupKey(late, BASE - HOUR));
    }

    private static Reading reading(SeriesId series, long time) {
        return Reading.of(series.value(), Instant.ofEpochMilli(time), Map.of("v", 1.0));
    }
}
