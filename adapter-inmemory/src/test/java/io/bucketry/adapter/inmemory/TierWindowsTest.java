package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.FlatSlices;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** One tier's windows of one series in sorted arrays ({@link TierWindows}), against a tree map doing the same. */
class TierWindowsTest {

    private static final long WINDOW = 300_000L;
    private static final SeriesId SERIES = SeriesId.of("s");

    /**
     * A window of {@code count} readings, two of them written with other tags than the rest when it has three or more
     * and is odd; a field of its own name from the count (new fields widen every stored window).
     */
    private static TierWindow window(long start, long count) {
        Map<String, FieldSpan> fields = Map.of("f" + count % 7, new FieldSpan(1, -count, count, 0.1 * count, start, 1, start + 1, 2),
                "g", new FieldSpan(1, Double.NaN, -0.0, count, start + 2, 3, start + 2, 4));
        List<TierSlice> slices = count < 3 || count % 2 == 0 ? List.of(new TierSlice(Tags.of("n", "" + count % 5), count, fields))
                : List.of(new TierSlice(Tags.NONE, count - 2, fields), new TierSlice(Tags.of("building", "7"), 2, Map.of()));
        return new TierWindow(SERIES, Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + WINDOW), slices);
    }

    @Test
    void writesInAnyOrderRemovalsAndExpiriesReadBackAsATreeMapOfTheSameWindowsDoes() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        TierWindows windows = new TierWindows(WINDOW, null, new SharedValues());
        TreeMap<Long, TierWindow> expected = new TreeMap<>();
        long cutoff = 0;
        for (int step = 0; step < 5_000; step++) {
            int op = random.nextInt(10);
            long start = WINDOW * (cutoff / WINDOW + random.nextInt(op < 5 ? 400 : 60));
            if (op < 7) {
                TierWindow aggregate = window(start, step + 1);
                windows.put(start, aggregate);
                expected.put(start, aggregate);
            } else if (op < 9) {
                windows.remove(start);
                expected.remove(start);
            } else {
                cutoff += WINDOW * random.nextInt(8);
                var old = expected.headMap(cutoff, false);
                int removed = old.size();
                old.clear();
                assertThat(windows.expireBefore(cutoff)).as("seed %d, step %d", seed, step).isEqualTo(removed);
            }
            long from = WINDOW * random.nextInt(500) - WINDOW / 2;
            long to = from + WINDOW * random.nextInt(100);
            int limit = random.nextInt(3) == 0 ? random.nextInt(5) : Integer.MAX_VALUE;
            List<WindowAggregate> read = new ArrayList<>();
            int added = windows.read(from, to, limit, read);
            List<TierWindow> want = expected.subMap(from, true, to, false).values().stream().limit(limit).toList();
            assertThat(read).as("seed %d, step %d: [%d, %d) limit %d", seed, step, from, to, limit)
                    .containsExactlyElementsOf(want.stream().map(TierWindow::whole).toList());
            List<TierWindow> tagged = new ArrayList<>();
            windows.readTagged(SERIES, WINDOW, from, to, tagged);
            assertThat(tagged).as("seed %d, step %d: with their slices", seed, step)
                    .containsExactlyElementsOf(expected.subMap(from, true, to, false).values());
            assertThat(added).isEqualTo(want.size());
            List<TierWindow> visited = new ArrayList<>();
            assertThat(windows.visit(SERIES, WINDOW, from, to, collector(visited, Integer.MAX_VALUE))).isTrue();
            assertThat(visited).as("seed %d, step %d: visited", seed, step)
                    .containsExactlyElementsOf(expected.subMap(from, true, to, false).values());
            List<TierWindow> stopped = new ArrayList<>();
            assertThat(windows.visit(SERIES, WINDOW, from, to, collector(stopped, 1))).isEqualTo(visited.isEmpty());
            assertThat(stopped).hasSize(Math.min(1, visited.size()));
            assertThat(windows.size()).isEqualTo(expected.size());
        }
    }

    /** A sink that rebuilds the windows handed to it, answering false after {@code slices} slices. */
    private static TierSliceSink collector(List<TierWindow> out, int slices) {
        return new TierSliceSink() {
            private final List<TierSlice> current = new ArrayList<>();
            private int taken;

            @Override
            public void series(SeriesId series) {
                assertThat(series).isEqualTo(SERIES);
            }

            @Override
            public boolean slice(long start, long end, Tags tags, FieldSchema fields, long[] values, int at) {
                TierSlice slice = FlatSlices.read(tags, fields, values, at);
                if (!out.isEmpty() && out.get(out.size() - 1).start().toEpochMilli() == start) {
                    current.add(slice);
                    out.set(out.size() - 1, new TierWindow(SERIES, Instant.ofEpochMilli(start), Instant.ofEpochMilli(end), current));
                } else {
                    current.clear();
                    current.add(slice);
                    out.add(new TierWindow(SERIES, Instant.ofEpochMilli(start), Instant.ofEpochMilli(end), current));
                }
                return ++taken < slices;
            }
        };
    }

    @Test
    void windowsWrittenInTimeOrderAndExpiredFromTheFrontKeepEveryLiveWindowAcrossManyGrowthsAndMoves() {
        TierWindows windows = new TierWindows(WINDOW, null, new SharedValues());
        for (long i = 0; i < 10_000; i++) {
            windows.put(i * WINDOW, window(i * WINDOW, i + 1));   // count i + 1: a window of none is never stored
            if (i % 100 == 99) {
                assertThat(windows.expireBefore((i - 150) * WINDOW)).isBetween(0, 100);
            }
        }
        List<WindowAggregate> all = new ArrayList<>();
        windows.read(Long.MIN_VALUE, Long.MAX_VALUE, Integer.MAX_VALUE, all);
        assertThat(all).extracting(WindowAggregate::count).first().isEqualTo(9_999L - 150 + 1);   // the last expiry, at 9,999, kept what starts at 9,999 - 150 and after
        assertThat(all).extracting(WindowAggregate::count).last().isEqualTo(10_000L);
        assertThat(all).extracting(WindowAggregate::count).isSorted().doesNotHaveDuplicates().hasSize(windows.size());
    }

    @Test
    void aWindowWrittenAgainReplacesTheStoredOne() {
        TierWindows windows = new TierWindows(WINDOW, null, new SharedValues());
        windows.put(WINDOW, window(WINDOW, 1));
        windows.put(0, window(0, 2));
        windows.put(WINDOW, window(WINDOW, 3));
        List<WindowAggregate> all = new ArrayList<>();
        windows.read(0, 2 * WINDOW, 10, all);
        assertThat(all).extracting(WindowAggregate::count).containsExactly(2L, 3L);
    }

    @Test
    void aTouchReadsTheStartsOfTheLastTwoLiveWindowsAndNothingWhenThereAreFewer() {
        TierWindows windows = new TierWindows(WINDOW, null, new SharedValues());
        assertThat(windows.touch()).as("no window").isZero();
        windows.put(3 * WINDOW, window(3 * WINDOW, 1));
        assertThat(windows.touch()).as("one window").isZero();
        windows.put(WINDOW, window(WINDOW, 2));
        windows.put(7 * WINDOW, window(7 * WINDOW, 3));
        assertThat(windows.touch()).isEqualTo(3 * WINDOW + 7 * WINDOW);
        windows.expireBefore(5 * WINDOW);
        assertThat(windows.touch()).as("after an expiry left one").isZero();
        for (long i = 8; i < 40; i++) {
            windows.put(i * WINDOW, window(i * WINDOW, i));
        }
        windows.expireBefore(30 * WINDOW);
        assertThat(windows.touch()).as("past the head, after growths").isEqualTo(38 * WINDOW + 39 * WINDOW);
    }
}
