package io.bucketry.adapter.inmemory;

import java.util.concurrent.locks.ReentrantLock;

/** A share of the series of {@link StripedSeries} and the lock that guards them and their buckets. */
final class Stripe {

    final ReentrantLock lock = new ReentrantLock();
    final SeriesTable series = new SeriesTable();
    /** What {@link SeriesBuckets#touch} answered, kept so that the reads it makes are not left out. */
    long touched;
    /** The stamp of the last write under this lock: every write that marks windows takes the next. */
    long stamp = MarkedSeries.NONE;
    /**
     * The {@link #stamp} when a pass over this stripe last found no series with marks: while it is still the stamp, no
     * write has marked anything since, so a search for marks need not read the stripe's series.
     */
    long unmarkedAt = MarkedSeries.NONE;
}
