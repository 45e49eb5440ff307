package io.bucketry.application.testing;

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
import java.util.List;
import java.util.function.LongPredicate;

/** A rollup store that forwards every call to another: test doubles override the calls they change. */
public class ForwardingRollups implements StoreRollups {

    private final StoreRollups rollups;

    public ForwardingRollups(StoreRollups rollups) {
        this.rollups = rollups;
    }

    @Override public void recordPending(List<RollupKey> keys, long token, LongPredicate running) {
        rollups.recordPending(keys, token, running);
    }
    @Override public boolean recordsPendingOnWrite(Duration finest) { return rollups.recordsPendingOnWrite(finest); }
    @Override public List<PendingRollup> pending(int limit) { return rollups.pending(limit); }
    @Override public List<PendingRollup> pending(SeriesId series, TimeRange range) { return rollups.pending(series, range); }
    @Override public List<PendingRollup> pending(TimeRange range, int limit) { return rollups.pending(range, limit); }
    @Override public void clearPending(List<PendingRollup> settled) { rollups.clearPending(settled); }
    @Override public void replace(List<RollupWindow> windows) { rollups.replace(windows); }
    @Override public void replace(List<RollupWindow> windows, long version) { rollups.replace(windows, version); }
    @Override public void finished(long token) { rollups.finished(token); }
    @Override public Settlement beginSettle(List<PendingRollup> pending, LongPredicate runningHere) {
        return rollups.beginSettle(pending, runningHere);
    }
    @Override public List<WindowAggregate> read(SeriesId series, Duration tier, TimeRange range) {
        return rollups.read(series, tier, range);
    }
    @Override public List<WindowAggregate> readAll(Duration tier, TimeRange range, int limit) {
        return rollups.readAll(tier, range, limit);
    }
    @Override public List<TierWindow> readTagged(SeriesId series, Duration tier, TimeRange range) {
        return rollups.readTagged(series, tier, range);
    }
    @Override public void readAllTagged(Duration tier, TimeRange range, TierSliceSink sink) {
        rollups.readAllTagged(tier, range, sink);
    }
    @Override public Instant taggedSince(Duration tier, Instant proposed) { return rollups.taggedSince(tier, proposed); }
    @Override public Instant coveredSince(Duration tier, Instant proposed) { return rollups.coveredSince(tier, proposed); }
    @Override public long deleteSeries(SeriesId series) { return rollups.deleteSeries(series); }
    @Override public long expireBefore(Duration tier, Instant cutoff) { return rollups.expireBefore(tier, cutoff); }
}
