package io.bucketry.application.testing;

import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.FlatSlices;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.stream.Stream;

/**
 * The rollup port's test double: plain lists behind one monitor, written for reading rather than
 * speed, so that the application's rollup rules run against a store in this module's own tests.
 */
public final class ListRollupStore implements StoreRollups {

    private final List<PendingRollup> pending = new ArrayList<>();
    private final List<RollupWindow> windows = new ArrayList<>();
    private final Map<Duration, Instant> coveredSince = new HashMap<>();

    @Override
    public synchronized void recordPending(List<RollupKey> keys, long token, LongPredicate running) {
        for (RollupKey key : keys) {
            pending.removeIf(entry -> entry.key().equals(key) && (entry.token() == token || !running.test(entry.token())));
            pending.add(new PendingRollup(key, token));
        }
    }

    @Override
    public synchronized List<PendingRollup> pending(int limit) {
        return pending.stream().limit(limit).toList();
    }

    @Override
    public synchronized List<PendingRollup> pending(SeriesId series, TimeRange range) {
        return pending.stream().filter(entry -> entry.key().series().equals(series) && contains(range, entry.key().start()))
                .toList();
    }

    @Override
    public synchronized List<PendingRollup> pending(TimeRange range, int limit) {
        return pending.stream().filter(entry -> contains(range, entry.key().start())).limit(limit).toList();
    }

    @Override
    public synchronized void clearPending(List<PendingRollup> settled) {
        pending.removeAll(new HashSet<>(settled));   // a set: thousands of entries settle at once
    }

    @Override
    public synchronized void replace(List<RollupWindow> replacements) {
        for (RollupWindow window : replacements) {
            windows.removeIf(stored -> stored.series().equals(window.series()) && stored.tier().equals(window.tier())
                    && stored.start().equals(window.start()));
            if (window.window() != null) {
                windows.add(window);
            }
        }
    }

    @Override
    public synchronized List<WindowAggregate> read(SeriesId series, Duration tier, TimeRange range) {
        return ofSeries(series, tier, range).map(RollupWindow::aggregate).toList();
    }

    @Override
    public synchronized List<WindowAggregate> readAll(Duration tier, TimeRange range, int limit) {
        return ofTier(tier, range, limit).map(RollupWindow::aggregate).toList();
    }

    @Override
    public synchronized List<TierWindow> readTagged(SeriesId series, Duration tier, TimeRange range) {
        return ofSeries(series, tier, range).map(RollupWindow::window).toList();
    }

    @Override
    public synchronized void readAllTagged(Duration tier, TimeRange range, TierSliceSink sink) {
        FlatSlices.feedAll(ofTier(tier, range, Integer.MAX_VALUE).map(RollupWindow::window).toList(), sink);
    }

    private Stream<RollupWindow> ofSeries(SeriesId series, Duration tier, TimeRange range) {
        return windows.stream().filter(w -> w.series().equals(series) && w.tier().equals(tier)
                        && contains(range, w.start().toEpochMilli()))
                .sorted(Comparator.comparing(RollupWindow::start));
    }

    private Stream<RollupWindow> ofTier(Duration tier, TimeRange range, int limit) {
        return windows.stream().filter(w -> w.tier().equals(tier) && contains(range, w.start().toEpochMilli()))
                .sorted(Comparator.comparing(RollupWindow::series).thenComparing(RollupWindow::start)).limit(limit);
    }

    @Override
    public synchronized Instant coveredSince(Duration tier, Instant proposed) {
        return coveredSince.computeIfAbsent(tier, t -> proposed);
    }

    @Override
    public synchronized long deleteSeries(SeriesId series) {
        int before = windows.size();
        windows.removeIf(w -> w.series().equals(series));
        return before - windows.size();
    }

    @Override
    public synchronized long expireBefore(Duration tier, Instant cutoff) {
        int before = windows.size();
        windows.removeIf(w -> w.tier().equals(tier) && w.start().isBefore(cutoff));
        return before - windows.size();
    }

    private static boolean contains(TimeRange range, long start) {
        return range == null || start >= range.fromMilli() && start < range.toMilli();
    }
}
