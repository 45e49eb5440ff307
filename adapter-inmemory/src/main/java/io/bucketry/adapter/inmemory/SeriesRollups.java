package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/** One series' rollup windows per tier and its pending entries; every method holds this object's monitor. */
final class SeriesRollups {

    private final SeriesId series;

    /** Finest-tier window start → tokens of the batches that recorded it. */
    private final TreeMap<Long, long[]> pending = new TreeMap<>();
    /**
     * Each tier's windows, in a chain ({@link TierWindows#next}) of the few tiers a series has, each knowing its
     * window in ms: a read finds its tier in the objects it reads anyway, without the boxed key and hash lookup of
     * a map (that lookup was half the alerting job's tier read) or a miss on an array per series.
     */
    private TierWindows tiers;

    /** The entry recorded last, so that the next batch of the same window finds it without a map lookup. */
    private long lastStart;
    private long[] lastTokens;

    SeriesRollups(SeriesId series) {
        this.series = series;
    }

    SeriesId series() {
        return series;
    }

    synchronized void record(long start, long token, LongPredicate running) {
        long[] tokens = lastTokens != null && lastStart == start ? lastTokens : pending.get(start);
        if (tokens == null) {
            tokens = new long[] {token};
            pending.put(start, tokens);
            remember(start, tokens);
            return;
        }
        if (tokens.length == 1 && (tokens[0] == token || !running.test(tokens[0]))) {
            tokens[0] = token;   // the array never leaves this monitor: reused, not reallocated, on every batch
            remember(start, tokens);
            return;
        }
        long[] kept = Arrays.stream(tokens).filter(t -> t != token && running.test(t)).toArray();
        long[] next = Arrays.copyOf(kept, kept.length + 1);
        next[kept.length] = token;
        pending.put(start, next);
        remember(start, next);
    }

    private void remember(long start, long[] tokens) {
        lastStart = start;
        lastTokens = tokens;
    }

    synchronized void pending(TimeRange range, int limit, List<PendingRollup> out) {
        if (pending.isEmpty()) {
            return;   // the common case once settled: no view of the map made for each of many series
        }
        NavigableMap<Long, long[]> part = range == null ? pending : pending.subMap(range.fromMilli(), true, range.toMilli(), false);
        for (Map.Entry<Long, long[]> entry : part.entrySet()) {
            for (long token : entry.getValue()) {
                if (limit-- <= 0) {
                    return;
                }
                out.add(new PendingRollup(new RollupKey(series, entry.getKey()), token));
            }
        }
    }

    /** Removes the entry of {@code start} and {@code token}; answers whether there was one. */
    synchronized boolean clear(long start, long token) {
        long[] tokens = pending.get(start);
        if (tokens == null || Arrays.stream(tokens).noneMatch(t -> t == token)) {
            return false;
        }
        long[] kept = Arrays.stream(tokens).filter(t -> t != token).toArray();
        if (kept.length == 0) {
            pending.remove(start);
        } else {
            pending.put(start, kept);
        }
        if (lastTokens == tokens) {
            lastTokens = kept.length == 0 ? null : pending.get(start);
        }
        return true;
    }

    synchronized void replace(RollupWindow window, SharedValues shared) {
        TierWindows tier = tierOrNew(window.tier().toMillis(), shared);
        long start = window.start().toEpochMilli();
        if (window.window() == null) {
            tier.remove(start);
        } else {
            tier.put(start, window.window());
        }
    }

    synchronized void read(long tier, TimeRange range, int limit, List<WindowAggregate> out) {
        TierWindows stored = tier(tier);
        if (stored != null) {
            stored.read(range.fromMilli(), range.toMilli(), limit, out);
        }
    }

    synchronized void readTagged(long tier, TimeRange range, List<TierWindow> out) {
        TierWindows stored = tier(tier);
        if (stored != null) {
            stored.readTagged(series, tier, range.fromMilli(), range.toMilli(), out);
        }
    }

    /** Hands the tier's windows in {@code range} to {@code sink} (under this monitor: it must not call the store); false once it answered false. */
    synchronized boolean visit(long tier, TimeRange range, TierSliceSink sink) {
        TierWindows stored = tier(tier);
        return stored == null || stored.visit(series, tier, range.fromMilli(), range.toMilli(), sink);
    }

    /**
     * Reads, without this monitor, what {@link #visit} reads first of the tier of {@code tier} ms and answers something
     * of it: called for several series before visiting any, so that their cache misses overlap, where the monitor
     * each visit takes first lets no load pass it. A racing write may make it read stale memory, never out of bounds.
     */
    long touch(long tier) {
        TierWindows stored = tiers;
        while (stored != null && stored.millis() != tier) {
            stored = stored.next();
        }
        return stored == null ? 0 : stored.touch();
    }

    synchronized long deleteWindows() {
        long removed = 0;
        for (TierWindows tier = tiers; tier != null; tier = tier.next()) {
            removed += tier.size();
        }
        tiers = null;
        return removed;
    }

    synchronized long expireBefore(long tier, long cutoff) {
        TierWindows stored = tier(tier);
        return stored == null ? 0 : stored.expireBefore(cutoff);
    }

    private TierWindows tier(long millis) {
        TierWindows tier = tiers;
        while (tier != null && tier.millis() != millis) {
            tier = tier.next();
        }
        return tier;
    }

    private TierWindows tierOrNew(long millis, SharedValues shared) {
        TierWindows found = tier(millis);
        if (found == null) {
            found = new TierWindows(millis, tiers, shared);
            tiers = found;
        }
        return found;
    }
}
