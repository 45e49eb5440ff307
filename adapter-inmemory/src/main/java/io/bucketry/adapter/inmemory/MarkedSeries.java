package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.domain.SeriesId;

import java.util.List;

/**
 * The rollup windows a series' stored readings made pending ({@link StripedWrites}), each with the stamp
 * of the last write that stored a reading there: the latest window's mark in two fields of the series'
 * own object, the earlier ones in a {@link PendingMarks}. Readings mostly arrive in time order, so a
 * write mostly updates the latest mark, a field of an object the write reads anyway; kept in a
 * {@link PendingMarks} of its own, the mark was an object and two arrays more to read per reading.
 * {@link SeriesBuckets} extends this class so that the fields live in its object. Not thread-safe: the
 * stripe's lock guards it.
 */
abstract class MarkedSeries {

    /** No stamp: a write's stamp is the next of its stripe's, which start above it ({@link Stripe#stamp}). */
    static final long NONE = Long.MIN_VALUE;

    /** The latest mark's window start, above every earlier mark's; valid while {@link #latestStamp} is not NONE. */
    private long latestStart;
    /** The latest mark's stamp, or NONE when there is no mark. */
    private long latestStamp = NONE;
    /** The marks of earlier windows, or null before the first. */
    private PendingMarks earlier;

    /** Marks the window starting at {@code start} as written by the write of {@code stamp}, which is not NONE. */
    final void mark(long start, long stamp) {
        if (stamp == NONE) {
            throw new IllegalArgumentException("a mark's stamp is a write's, not NONE (Long.MIN_VALUE)");
        }
        if (latestStamp != NONE && start == latestStart) {
            latestStamp = stamp;
        } else if (latestStamp != NONE ? start > latestStart : earlier == null || !earlier.hasAtOrAfter(start)) {
            if (latestStamp != NONE) {
                earlier().mark(latestStart, latestStamp);
            }
            latestStart = start;
            latestStamp = stamp;
        } else {
            earlier().mark(start, stamp);
        }
    }

    private PendingMarks earlier() {
        if (earlier == null) {
            earlier = new PendingMarks();
        }
        return earlier;
    }

    /** True when some window is marked. */
    final boolean hasMarks() {
        return latestStamp != NONE || earlier != null && !earlier.isEmpty();
    }

    /**
     * Adds to {@code out}, in start order, the marks whose start lies in {@code [from, to)}, at most
     * {@code limit}; answers how many.
     */
    final int collectMarks(SeriesId series, long from, long to, int limit, List<PendingRollup> out) {
        int added = earlier == null ? 0 : earlier.collect(series, from, to, limit, out);
        if (latestStamp != NONE && added < limit && latestStart >= from && latestStart < to) {
            out.add(new PendingRollup(new RollupKey(series, latestStart), latestStamp));
            added++;
        }
        return added;
    }

    /** Removes the mark of {@code start} if it still has {@code stamp}; answers whether it did. */
    final boolean clearMark(long start, long stamp) {
        if (latestStamp != NONE && start == latestStart) {
            if (latestStamp != stamp) {
                return false;
            }
            latestStamp = NONE;
            return true;
        }
        return earlier != null && earlier.clear(start, stamp);
    }
}
