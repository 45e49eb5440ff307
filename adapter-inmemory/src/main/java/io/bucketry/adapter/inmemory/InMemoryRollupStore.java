package io.bucketry.adapter.inmemory;

import io.bucketry.application.settings.Parts;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.LongPredicate;

/**
 * Rollup tiers in process memory, beside an {@link InMemoryReadingStore}: per series, each tier's
 * windows by start and the pending entries by start. Each series is guarded by its own monitor, so
 * ingest threads marking different series never wait on each other; a large batch's entries are
 * recorded in parts split by series on the ingest threads, as the readings are stored.
 *
 * <p>The one of a store ({@link InMemoryReadingStore#rollups()}) has the store mark pending windows
 * itself ({@link #recordsPendingOnWrite}): each stored reading marks its series' finest window in the
 * step that stores it, in the series table, where the series is at hand and locked already
 * ({@link PendingMarks}), so ingest records nothing apart. Its pending entries are those marks (with
 * the mark's stamp as token) and any recorded the other way.
 */
public final class InMemoryRollupStore implements StoreRollups {

    /** Below this many keys per part, handing a part to another thread costs more than it saves. */
    private static final int MIN_KEYS_PER_PART = 2048;

    private final ConcurrentHashMap<SeriesId, SeriesRollups> bySeries = new ConcurrentHashMap<>();
    private volatile Snapshot sorted = new Snapshot(0, new SeriesRollups[0]);
    private final ConcurrentHashMap<Long, Instant> coveredSince = new ConcurrentHashMap<>();
    private final SharedValues shared = new SharedValues();
    private final Executor executor;
    private final int parallelism;
    private static final SeriesRollups[] NO_SERIES = new SeriesRollups[0];
    /** Series touched at once before any of them is visited ({@link SeriesRollups#touch}). */
    private static final int TOUCHED = 8;
    /** What {@link SeriesRollups#touch} answered last, kept so that the reads it makes are not left out. */
    private long touched;
    /**
     * Whether an entry was ever recorded by {@link #recordPending}: the store beside a reading store records none (its
     * readings mark their windows), so a settle does not lock every series to find none.
     */
    private volatile boolean recorded;
    /** The series whose stored readings mark pending windows, or null (a store on its own). */
    private final StripedSeries marked;

    /** Records every batch's pending entries on the calling thread. */
    public InMemoryRollupStore() {
        this(Runnable::run, 1);
    }

    /** Records a large batch's pending entries in up to {@code parallelism} parts, all but one on {@code executor}. */
    public InMemoryRollupStore(Executor executor, int parallelism) {
        this(null, executor, parallelism);
    }

    InMemoryRollupStore(StripedSeries marked, Executor executor, int parallelism) {
        this.marked = marked;
        this.executor = Objects.requireNonNull(executor, "executor");
        this.parallelism = Math.max(1, parallelism);
    }

    private SeriesRollups of(SeriesId series) {
        return bySeries.computeIfAbsent(series, SeriesRollups::new);
    }

    /**
     * Every series' rollups in series order: the snapshot taken last, or a new one if a series was
     * counted since. A series' entry is never removed (deleting a series empties it), so the count only
     * grows; a snapshot holds every entry counted when it began (the map counts an entry after it is
     * visible), and perhaps some not yet counted, which make the count differ later and so a new one.
     */
    private SeriesRollups[] sorted() {
        Snapshot known = sorted;
        int count = bySeries.size();
        if (known.count() != count) {
            SeriesRollups[] series = bySeries.values().toArray(new SeriesRollups[0]);
            Arrays.sort(series, Comparator.comparing(SeriesRollups::series));
            known = new Snapshot(count, series);
            sorted = known;
        }
        return known.series();
    }

    /** The series sorted by id, taken when the map counted {@code count} of them. */
    private record Snapshot(int count, SeriesRollups[] series) {
    }

    @Override
    public boolean recordsPendingOnWrite(Duration finest) {
        return marked != null && marked.markPendingWindows(finest.toMillis());
    }

    @Override
    public Instant coveredSince(Duration tier, Instant proposed) {
        return coveredSince.computeIfAbsent(tier.toMillis(), t -> proposed);
    }

    @Override
    public void recordPending(List<RollupKey> keys, long token, LongPredicate running) {
        recorded = true;   // before any entry: a settle that sees an entry sees this too
        int parts = keys.size() / MIN_KEYS_PER_PART >= 2 ? parallelism : 1;
        if (parts < 2) {
            record(keys, token, running, 0, 1);
            return;
        }
        Parts.sum(executor, parts, part -> {
            record(keys, token, running, part, parts);
            return 0;
        });
    }

    /** Records the keys of series in part {@code part} of {@code parts} ({@link SeriesId#partOf}). */
    private void record(List<RollupKey> keys, long token, LongPredicate running, int part, int parts) {
        SeriesId last = null;
        SeriesRollups rollups = null;
        for (RollupKey key : keys) {
            if (!key.series().equals(last)) {
                if (parts > 1 && key.series().partOf(parts) != part) {
                    continue;
                }
                last = key.series();
                rollups = of(last);
            }
            rollups.record(key.start(), token, running);
        }
    }

    @Override
    public List<PendingRollup> pending(int limit) {
        return pending(null, limit);
    }

    @Override
    public List<PendingRollup> pending(SeriesId series, TimeRange range) {
        SeriesRollups rollups = bySeries.get(series);
        List<PendingRollup> out = new ArrayList<>();
        if (rollups != null) {
            rollups.pending(range, Integer.MAX_VALUE, out);
        }
        if (marked != null) {
            marked.query(series, 0, buckets -> buckets.collectMarks(series, fromOf(range), toOf(range), Integer.MAX_VALUE, out));
        }
        return out;
    }

    @Override
    public List<PendingRollup> pending(TimeRange range, int limit) {
        List<PendingRollup> out = new ArrayList<>();
        for (SeriesRollups series : recorded ? sorted() : NO_SERIES) {
            series.pending(range, limit - out.size(), out);
            if (out.size() >= limit) {
                return out;
            }
        }
        if (marked != null) {
            long from = fromOf(range);
            long to = toOf(range);
            marked.forEachMarked(buckets -> {
                buckets.collectMarks(buckets.series(), from, to, limit - out.size(), out);
                return out.size() < limit;
            });
        }
        return out;
    }

    /**
     * Clears each entry recorded the other way, or else the mark it was read from, if no reading came
     * since (the mark still has the stamp it was read with).
     */
    @Override
    public void clearPending(List<PendingRollup> settled) {
        for (PendingRollup entry : settled) {
            SeriesRollups rollups = bySeries.get(entry.key().series());
            boolean recorded = rollups != null && rollups.clear(entry.key().start(), entry.token());
            if (!recorded && marked != null) {
                marked.query(entry.key().series(), false,
                        buckets -> buckets.clearMark(entry.key().start(), entry.token()));
            }
        }
    }

    private static long fromOf(TimeRange range) {
        return range == null ? Long.MIN_VALUE : range.fromMilli();
    }

    private static long toOf(TimeRange range) {
        return range == null ? Long.MAX_VALUE : range.toMilli();
    }

    @Override
    public void replace(List<RollupWindow> windows) {
        for (RollupWindow window : windows) {
            of(window.series()).replace(window, shared);
        }
    }

    @Override
    public List<WindowAggregate> read(SeriesId series, Duration tier, TimeRange range) {
        SeriesRollups rollups = bySeries.get(series);
        List<WindowAggregate> out = new ArrayList<>();
        if (rollups != null) {
            rollups.read(tier.toMillis(), range, Integer.MAX_VALUE, out);
        }
        return out;
    }

    @Override
    public List<WindowAggregate> readAll(Duration tier, TimeRange range, int limit) {
        List<WindowAggregate> out = new ArrayList<>();
        for (SeriesRollups series : sorted()) {
            series.read(tier.toMillis(), range, limit - out.size(), out);
            if (out.size() >= limit) {
                break;
            }
        }
        return out;
    }

    @Override
    public List<TierWindow> readTagged(SeriesId series, Duration tier, TimeRange range) {
        SeriesRollups rollups = bySeries.get(series);
        List<TierWindow> out = new ArrayList<>();
        if (rollups != null) {
            rollups.readTagged(tier.toMillis(), range, out);
        }
        return out;
    }

    @Override
    public void readAllTagged(Duration tier, TimeRange range, TierSliceSink sink) {
        long millis = tier.toMillis();
        SeriesRollups[] all = sorted();
        long touched = 0;
        for (int first = 0; first < all.length; first += TOUCHED) {
            int end = Math.min(first + TOUCHED, all.length);
            for (int i = first; i < end; i++) {
                touched += all[i].touch(millis);
            }
            for (int i = first; i < end; i++) {
                if (!all[i].visit(millis, range, sink)) {
                    this.touched = touched;
                    return;
                }
            }
        }
        this.touched = touched;
    }

    @Override
    public long deleteSeries(SeriesId series) {
        SeriesRollups rollups = bySeries.get(series);
        return rollups == null ? 0 : rollups.deleteWindows();
    }

    @Override
    public long expireBefore(Duration tier, Instant cutoff) {
        long removed = 0;
        for (SeriesRollups series : sorted()) {
            removed += series.expireBefore(tier.toMillis(), cutoff.toEpochMilli());
        }
        return removed;
    }
}
