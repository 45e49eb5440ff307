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
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/** Pending rollup windows marked by the in-memory store as it stores readings ({@link PendingMarks}). */
class PendingMarksTest {

    private static final long HOUR = 3_600_000L;
    private static final Instant NOW = Instant.now();
    private static final long BASE = Math.floorDiv(NOW.minus(Duration.ofDays(2)).toEpochMilli(), HOUR) * HOUR;

    @Test
    void marksInAnyOrderAreKeptOncePerStartInStartOrderWithTheLastStamp() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        PendingMarks marks = new PendingMarks();
        TreeSet<Long> starts = new TreeSet<>();
        for (int i = 0; i < 200; i++) {
            long start = HOUR * random.nextInt(30);
            marks.mark(start, i);
            starts.add(start);
        }
        List<PendingRollup> out = new ArrayList<>();
        marks.collect(SeriesId.of("s"), Long.MIN_VALUE, Long.MAX_VALUE, Integer.MAX_VALUE, out);
        assertThat(out).as("seed " + seed).extracting(p -> p.key().start()).containsExactlyElementsOf(starts);
    }

    @Test
    void touchReadsTheLastMarkWhichTheNextWriteMostLikelyUpdates() {
        PendingMarks marks = new PendingMarks();
        assertThat(marks.touch()).as("no mark yet").isZero();

        marks.mark(2 * HOUR, 5);
        marks.mark(HOUR, 7);   // a late window goes in front of the last one

        assertThat(marks.touch()).isEqualTo(2 * HOUR + 5);
    }

    @Test
    void aMarkIsClearedOnlyWithTheStampItWasReadWith() {
        PendingMarks marks = new PendingMarks();
        marks.mark(HOUR, 1);
        marks.mark(2 * HOUR, 2);
        marks.mark(HOUR, 3);   // a later write to the first window

        assertThat(marks.clear(HOUR, 1)).as("a stale stamp").isFalse();
        assertThat(marks.clear(HOUR, 3)).isTrue();
        assertThat(marks.clear(3 * HOUR, 2)).as("no such window").isFalse();
        List<PendingRollup> out = new ArrayList<>();
        assertThat(marks.collect(SeriesId.of("s"), 0, 2 * HOUR, 10, out)).isZero();
        assertThat(marks.collect(SeriesId.of("s"), 0, 3 * HOUR, 10, out)).isOne();
        assertThat(out).containsExactly(new PendingRollup(new RollupKey(SeriesId.of("s"), 2 * HOUR), 2));
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

    private static Reading reading(SeriesId series, long time) {
        return Reading.of(series.value(), Instant.ofEpochMilli(time), Map.of("v", 1.0));
    }
}
