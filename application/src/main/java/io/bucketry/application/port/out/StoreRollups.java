package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Outbound port of rollup tiers: per series, window aggregates of each tier's window, stored
 * beside the readings, and the durable record of windows that must be recomputed ("pending").
 * The application decides what goes in; a store keeps it and answers it back. Implementations are
 * thread-safe and translate their technology's failures into {@link StoreUnavailableException}.
 */
public interface StoreRollups {

    /**
     * Records, durably before the batch's readings are written, that the windows holding
     * {@code keys} must be recomputed, under the batch's {@code token}. An entry of the same key
     * whose token is no longer {@code running} may be replaced by the new one (its batch has
     * finished; the new entry stays until a recomputation that follows this batch).
     */
    void recordPending(List<RollupKey> keys, long token, LongPredicate running);

    /**
     * Whether the reading store beside this one records pending windows itself, in the step that stores
     * each reading (so that a window holding a stored reading is pending from that very step on, until a
     * settle that read the readings after it clears it): then the caller of ingest need not call
     * {@link #recordPending}. Asked once, with the finest tier's window; false (the default) where the
     * caller must record them before writing.
     */
    default boolean recordsPendingOnWrite(Duration finest) {
        return false;
    }

    /**
     * The batch of {@code token}, whose windows were recorded by {@link #recordPending}, has finished
     * (stored or failed). A store shared by several processes ends the batch's lease here and, if a
     * settle elsewhere had taken the lease as expired meanwhile, records the batch's windows again so
     * that a later settle reads what it wrote. Nothing to do in one process (the default).
     */
    default void finished(long token) {
    }

    /**
     * Starts a settle of {@code pending} (read before this call), before it reads any raw reading:
     * answers the entries it may clear once it has recomputed their windows (their batches have
     * finished: none is {@code runningHere}, nor, in a store shared by processes, holds a live lease
     * elsewhere) and the version its windows are written under ({@link #replace(List, long)}).
     */
    default Settlement beginSettle(List<PendingRollup> pending, LongPredicate runningHere) {
        return new Settlement(pending.stream().filter(entry -> !runningHere.test(entry.token())).toList(), 0);
    }

    /** What a settle may clear after its recomputation, and the version it writes windows under. */
    record Settlement(List<PendingRollup> clearable, long version) {

        public Settlement {
            clearable = List.copyOf(clearable);
        }
    }

    /** Up to {@code limit} pending entries of any series. */
    List<PendingRollup> pending(int limit);

    /** The pending entries of one series whose window start lies in {@code range}. */
    List<PendingRollup> pending(SeriesId series, TimeRange range);

    /** Up to {@code limit} pending entries of any series whose window start lies in {@code range}. */
    List<PendingRollup> pending(TimeRange range, int limit);

    /** Removes exactly these entries (key and token); an entry recorded again since under another token stays. */
    void clearPending(List<PendingRollup> settled);

    /** Stores each window, replacing the one of the same series, tier and start; an empty one removes it. */
    void replace(List<RollupWindow> windows);

    /**
     * As {@link #replace(List)}, by a settle that began under {@code version} ({@link #beginSettle}): a
     * store shared by processes keeps, per window, what the settle of the highest version wrote, so
     * that a settle which read the raw readings earlier cannot write over one that read them later.
     */
    default void replace(List<RollupWindow> windows, long version) {
        replace(windows);
    }

    /** The stored windows of one series and tier whose start lies in {@code range}, in time order. */
    List<WindowAggregate> read(SeriesId series, Duration tier, TimeRange range);

    /**
     * The stored windows of every series of one tier whose start lies in {@code range}, ordered by
     * series then start; a store may stop after {@code limit} windows.
     */
    List<WindowAggregate> readAll(Duration tier, TimeRange range, int limit);

    /**
     * The stored windows of one series and tier whose start lies in {@code range}, in time order, with their
     * slices per tags: what a tag filter reads.
     */
    List<TierWindow> readTagged(SeriesId series, Duration tier, TimeRange range);

    /**
     * Hands the stored windows of every series of one tier whose start lies in {@code range} to {@code sink}, slice
     * by slice, ordered by series then start: what grouped and filtered aggregates read. Stops as soon as the sink
     * answers false, so that a refused answer reads no further.
     */
    void readAllTagged(Duration tier, TimeRange range, TierSliceSink sink);

    /**
     * The instant from which every window of the tier of {@code tier} keeps its slices per tags: recorded as
     * {@code proposed} on first use, the recorded one on every later one. A store whose windows have always
     * kept them answers {@link #coveredSince} (the default); one that holds windows of an older format, which
     * kept no tags, answers when the format changed, so that a tag query reads no such window.
     */
    default Instant taggedSince(Duration tier, Instant proposed) {
        return coveredSince(tier, proposed);
    }

    /**
     * The instant from which the tier of {@code tier} holds every window: recorded as {@code proposed}
     * on the tier's first use, the recorded one on every later one (a tier added to a store that
     * already holds readings has no windows for what came before).
     */
    Instant coveredSince(Duration tier, Instant proposed);

    /**
     * Removes every window of a series, after its readings were removed (its pending entries stay; settling
     * them finds no readings); answers how many. A store shared by processes also makes sure that no
     * settle which read the readings before their removal writes a window of the series afterwards.
     */
    long deleteSeries(SeriesId series);

    /** Removes the windows of one tier that start before {@code cutoff}; answers how many. */
    long expireBefore(Duration tier, Instant cutoff);
}
