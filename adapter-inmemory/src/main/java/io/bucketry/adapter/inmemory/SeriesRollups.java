package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/** One series' rollup windows per tier and its pending entries; every method holds this object's monitor. */
final class SeriesRollups {

    /** Finest-tier window start → tokens of the batches that recorded it. */
    private final TreeMap<Long, long[]> pending = new TreeMap<>();
    /** Tier window in ms → window start → aggregate. */
    private final Map<Long, TreeMap<Long, WindowAggregate>> windows = new HashMap<>(4);

    /** The entry recorded last, so that the next batch of the same window finds it without a map lookup. */
    private long lastStart;
    private long[] lastTokens;

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

    synchronized void pending(SeriesId series, TimeRange range, int limit, List<PendingRollup> out) {
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

    synchronized void replace(RollupWindow window) {
        TreeMap<Long, WindowAggregate> tier = windows.computeIfAbsent(window.tier().toMillis(), t -> new TreeMap<>());
        long start = window.start().toEpochMilli();
        if (window.aggregate() == null) {
            tier.remove(start);
        } else {
            tier.put(start, window.aggregate());
        }
    }

    synchronized void read(long tier, TimeRange range, int limit, List<WindowAggregate> out) {
        TreeMap<Long, WindowAggregate> stored = windows.get(tier);
        if (stored == null) {
            return;
        }
        for (WindowAggregate window : stored.subMap(range.fromMilli(), true, range.toMilli(), false).values()) {
            if (limit-- <= 0) {
                return;
            }
            out.add(window);
        }
    }

    synchronized long deleteWindows() {
        long removed = windows.values().stream().mapToLong(TreeMap::size).sum();
        windows.clear();
        return removed;
    }

    synchronized long expireBefore(long tier, long cutoff) {
        TreeMap<Long, WindowAggregate> stored = windows.get(tier);
        if (stored == null) {
            return 0;
        }
        NavigableMap<Long, WindowAggregate> old = stored.headMap(cutoff, false);
        long removed = old.size();
        old.clear();
        return removed;
    }
}
