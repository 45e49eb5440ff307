package io.bucketry.application.service;

import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.TierWindow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Keeps rollup tiers equal to a recomputation from the raw readings, by recomputing, never by
 * adding up. A tier window is only ever written as what the raw readings in it ({@link LoadReadings})
 * give at that moment, sliced by the tags each was written with ({@link TierWindow#of}), so writing it twice is harmless (idempotent), a duplicate
 * or late reading is counted exactly as the raw store counted it, and a deleted series' windows
 * come back empty. What is left is knowing which windows to recompute, across a crash:
 * <ol>
 *   <li>before a batch is written, each finest-tier window it touches is recorded as pending under
 *       the batch's token, durably where the store is durable ({@link #begin});</li>
 *   <li>the raw readings are written;</li>
 *   <li>a settle (the sweeper's reclaim, or a query that reads the tier) reads pending entries, then,
 *       per series under a lock, recomputes every tier window holding them and replaces it, then
 *       clears the entries it read, except those of batches that were still running when it began, in
 *       this process or, through the store's leases, in another ({@link #settle}).</li>
 * </ol>
 * A crash or failure between 1 and 2, inside 2 or before 3 leaves the entries pending, so the next
 * settle repairs the windows; a retried batch records its windows again and stores only
 * duplicates, which the recomputation ignores as the raw store did. An entry is cleared only after
 * a recomputation that read the raw readings after its batch had finished, so no batch's readings
 * are left out; two settles of one series in this process never interleave, and a store shared by
 * processes keeps the window of the settle that began last ({@link StoreRollups#replace(List, long)}).
 * Ingest pays only step 1 and the end of the batch. A store that
 * marks each window pending in the very step that writes a reading there
 * ({@link StoreRollups#recordsPendingOnWrite}, the in-memory one) needs no step 1: its marks are as
 * durable as the readings, and it clears a mark only if no reading came since the settle read it.
 */
public final class RollupMaintenance {

    private static final int STRIPES = 64;
    private static final int SETTLE_CHUNK = 4096;

    private final RollupTiers tiers;
    private final StoreRollups rollups;
    private final LoadReadings raw;
    private final Set<Long> running = ConcurrentHashMap.newKeySet();
    private final AtomicLong tokens = new AtomicLong(ThreadLocalRandom.current().nextLong());
    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];
    /** The store marks the windows it writes as pending itself ({@link StoreRollups#recordsPendingOnWrite}). */
    private final boolean recordedOnWrite;

    public RollupMaintenance(RollupTiers tiers, StoreRollups rollups, LoadReadings raw) {
        this.tiers = Objects.requireNonNull(tiers, "tiers");
        this.rollups = Objects.requireNonNull(rollups, "rollups");
        this.raw = Objects.requireNonNull(raw, "raw");
        if (tiers.isEmpty()) {
            throw new IllegalArgumentException("rollup maintenance needs at least one tier");
        }
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
        this.recordedOnWrite = rollups.recordsPendingOnWrite(tiers.finest().window());
    }

    public RollupTiers tiers() {
        return tiers;
    }

    /** Step 1: records the batch's windows as pending; answers its token, to hand to {@link #end}. */
    public long begin(List<Reading> readings) {
        long token = tokens.incrementAndGet();
        if (recordedOnWrite) {
            return token;   // the store marks each window as it writes a reading there: nothing to record first
        }
        running.add(token);
        try {
            RollupTier finest = tiers.finest();
            List<RollupKey> keys = new ArrayList<>();
            SeriesId series = null;
            long start = Long.MIN_VALUE;
            for (Reading reading : readings) {
                long at = finest.windowStart(reading.epochMilli());
                if (at != start || !reading.series().equals(series)) {
                    series = reading.series();
                    start = at;
                    keys.add(new RollupKey(series, start));
                }
            }
            rollups.recordPending(keys, token, running::contains);
        } catch (RuntimeException e) {
            running.remove(token);
            throw e;
        }
        return token;
    }

    /** The batch of {@code token} has finished (stored or failed): its entries may now be cleared by a settle. */
    public void end(long token) {
        running.remove(token);
        if (!recordedOnWrite) {
            rollups.finished(token);
        }
    }

    /** Settles every pending entry (the sweeper's step); answers how many entries were cleared. */
    public long settleAll() {
        long cleared = 0;
        while (true) {
            List<PendingRollup> pending = rollups.pending(SETTLE_CHUNK);
            int done = settle(pending);
            cleared += done;
            if (pending.size() < SETTLE_CHUNK || done == 0) {
                return cleared;
            }
        }
    }

    /** Settles the pending windows of one series starting in {@code range}, before the tier is read there. */
    public void settle(SeriesId series, TimeRange range) {
        settle(rollups.pending(series, range));
    }

    /** Settles the pending windows of every series starting in {@code range}, before the tier is read there. */
    public void settle(TimeRange range) {
        while (true) {
            List<PendingRollup> pending = rollups.pending(range, SETTLE_CHUNK);
            if (settle(pending) == 0 || pending.size() < SETTLE_CHUNK) {
                return;
            }
        }
    }

    /** Step 3 for {@code pending}, read before this call; answers how many entries were cleared. */
    int settle(List<PendingRollup> pending) {
        if (pending.isEmpty()) {
            return 0;
        }
        // which batches had finished, and the version the windows are written under, are taken before the
        // recomputation reads the raw readings: a batch that ends during it may have written what it did not
        // read, so its entries stay for the next settle (the store asks other processes' leases too)
        StoreRollups.Settlement settlement = rollups.beginSettle(pending, running::contains);
        Map<SeriesId, TreeSet<Long>> starts = new TreeMap<>();
        for (PendingRollup entry : pending) {
            starts.computeIfAbsent(entry.key().series(), s -> new TreeSet<>()).add(entry.key().start());
        }
        for (Map.Entry<SeriesId, TreeSet<Long>> series : starts.entrySet()) {
            ReentrantLock lock = lockOf(series.getKey());
            lock.lock();
            try {
                rollups.replace(recompute(series.getKey(), series.getValue()), settlement.version());
            } finally {
                lock.unlock();
            }
        }
        rollups.clearPending(settlement.clearable());
        return settlement.clearable().size();
    }

    /** Runs {@code action} under the lock that settles of {@code series} take, so that none writes a window across it. */
    public void underSeriesLock(SeriesId series, Runnable action) {
        ReentrantLock lock = lockOf(series);
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }

    private List<RollupWindow> recompute(SeriesId series, TreeSet<Long> finestStarts) {
        List<RollupWindow> windows = new ArrayList<>();
        for (RollupTier tier : tiers.tiers()) {
            TreeSet<Long> tierStarts = new TreeSet<>();
            finestStarts.forEach(start -> tierStarts.add(tier.windowStart(start)));
            for (long start : tierStarts) {
                Instant from = Instant.ofEpochMilli(start);
                Instant to = from.plus(tier.window());
                // the readings themselves, not summaries: a slice keeps its tags and the times of first and last
                List<Reading> readings = raw.read(series, new TimeRange(from, to), Integer.MAX_VALUE);
                windows.add(new RollupWindow(series, tier.window(), from, TierWindow.of(series, from, to, readings)));
            }
        }
        return windows;
    }

    private ReentrantLock lockOf(SeriesId series) {
        return stripes[Math.floorMod(series.hashCode(), STRIPES)];
    }
}
