package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketKey;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.function.LongConsumer;

/**
 * One bucket of the in-memory store: the readings of one {@link BucketKey} kept sorted by time
 * (late readings are inserted in place), with summaries maintained on every write, admitted by the
 * {@link BucketPolicy}'s rule. Stored in one primitive array, no object per reading: the
 * summaries, then row by row each reading's time and field values (see {@link PackedRows}). How it
 * is read is {@link PackedBucketReads}'s; this class is how it takes readings.
 *
 * <p>Not thread-safe: the owner serialises access.
 */
final class PackedBucket extends PackedBucketReads implements StoredBucket {

    /**
     * The heap of this object besides its rows: a 12-byte header, the references and ints of
     * {@link RowTable}, {@link PackedRows}, {@link PackedBucketReads} and of this class, rounded to 8
     * (HotSpot, compressed references).
     */
    private static final int OBJECT_BYTES = 96;

    /** What {@link #add} did with a reading. */
    public enum Outcome { ADDED, DUPLICATE, FULL }

    private static final int INITIAL_CAPACITY = 16;

    /** The series' id, to check a reading's series without reading the SeriesId (a cache miss). */
    private final String seriesValue;
    private final BucketPolicy policy;
    /** The computed pattern's summaries when the policy has sub-windows, else null. */
    private final SubWindowSummaries subWindows;
    /**
     * Where the summed part of {@link #subWindows} ends: readings before it are counted in, a late one as
     * it comes; the sub-window that starts here and every later one are summed from their rows when the
     * summaries are read ({@link #subWindows}).
     */
    private long summedUntil;

    private long storedBytes;
    /** What the store's capacity was told this bucket's readings take ({@link StoreCapacity#estimate}). */
    private long accountedBytes;

    private PackedBucket(SeriesId series, long start, int seq, BucketPolicy policy) {
        super(series, start, seq);
        this.seriesValue = series.value();
        this.policy = policy;
        this.subWindows = policy instanceof BucketPolicy.Windowed windowed && windowed.subWindows().isOn()
                ? SubWindowSummaries.of(windowed.subWindows(), start, windowed.widthMillis()) : null;
        this.summedUntil = subWindows == null ? Long.MIN_VALUE : start;   // without sub-windows, nothing is late
    }

    /** A new, empty bucket. */
    static PackedBucket open(SeriesId series, long start, int seq, BucketPolicy policy) {
        return new PackedBucket(series, start, seq, policy);
    }

    /**
     * A new, empty bucket with room for {@code expectedCount} readings before its arrays grow
     * (a series with a steady rate fills each window alike: sizing up front saves copies).
     */
    static PackedBucket open(SeriesId series, long start, int seq, BucketPolicy policy, int expectedCount) {
        PackedBucket bucket = new PackedBucket(series, start, seq, policy);
        bucket.growRows(initialCapacity(expectedCount, policy));
        return bucket;
    }

    /**
     * A new, empty bucket of the same series laid out like {@code predecessor}: the same fields, so that
     * a steady series does not rebuild its layout every window, and room for its readings
     * ({@link #roomAfterOpen}).
     */
    static PackedBucket openLike(PackedBucket predecessor, long start, int seq, BucketPolicy policy) {
        PackedBucket bucket = new PackedBucket(predecessor.series(), start, seq, policy);
        bucket.layOutLike(predecessor);   // columns first: the rows are then laid out once
        bucket.summariesLike(predecessor.subWindowLayout());
        bucket.growRows(initialCapacity(roomAfterOpen(predecessor.count(), policy), policy));
        return bucket;
    }

    /**
     * The room of a bucket opened after an open one of {@code count} readings. A window's: a quarter of
     * them, which doubles twice to as many, since the window before stays open (else it would have
     * handed its rows on, {@link #recycle}) until its lateness allowance has passed, and with room for
     * all at once every series held two windows' rows for little more than one window's readings in
     * those minutes (simulate: 8.2 retained bytes per reading in runs ending in the first ten minutes of
     * an hour, 6.8 later). All of them for a window of fewer than {@code 2 * INITIAL_CAPACITY}, where
     * growth from a quarter would overshoot to {@value #INITIAL_CAPACITY} rows and be trimmed, and for
     * a page, which is opened when the one before is full, not while a window is left open.
     */
    static int roomAfterOpen(int count, BucketPolicy policy) {
        return policy instanceof BucketPolicy.Windowed && count >= 2 * INITIAL_CAPACITY ? (count + 3) / 4 : count;
    }

    /** A new, empty bucket of the same series in the storage of {@code sealed}, which has just been sealed (see {@link #takeRowsOf}). */
    static PackedBucket recycle(PackedBucket sealed, long start, int seq, BucketPolicy policy) {
        PackedBucket bucket = new PackedBucket(sealed.series(), start, seq, policy);
        SubWindowSummaries layout = sealed.subWindowLayout();   // before its rows, whose summaries it reads, are taken
        bucket.takeRowsOf(sealed);
        bucket.summariesLike(layout);
        return bucket;
    }

    /** As {@link #openLike(PackedBucket, long, int, BucketPolicy)} after a sealed predecessor: its names and size. */
    static PackedBucket openLike(SealedColumns predecessor, SeriesId series, long start, int seq, BucketPolicy policy) {
        PackedBucket bucket = new PackedBucket(series, start, seq, policy);
        bucket.layOutAs(predecessor.names());
        bucket.summariesLike(predecessor.subWindowLayout());
        bucket.growRows(initialCapacity(predecessor.count(), policy));
        return bucket;
    }

    /** Lays the sub-window summaries out like {@code predecessor}'s, a bucket of the same columns, when both have them. */
    private void summariesLike(SubWindowSummaries predecessor) {
        if (subWindows != null && predecessor != null) {
            subWindows.layOutLike(predecessor);
        }
    }

    private static int initialCapacity(int expectedCount, BucketPolicy policy) {
        return Math.max(1, Math.min(expectedCount, policy.maxCount()));
    }

    /**
     * Rebuilds a stored bucket from its readings (in any order). The policy's limits are not
     * applied: a bucket written under an earlier, larger limit is restored as it is.
     */
    static PackedBucket restore(SeriesId series, long start, int seq, BucketPolicy policy,
                                 Iterable<Reading> readings) {
        PackedBucket bucket = new PackedBucket(series, start, seq, policy);
        for (Reading reading : readings) {
            if (bucket.add(reading, false) == Outcome.DUPLICATE) {
                throw new IllegalArgumentException("stored bucket " + bucket.key() + " holds two readings at "
                        + reading.time());
            }
        }
        return bucket;
    }

    /**
     * Adds a reading of this bucket's series in time order. A reading whose time is already here is
     * a DUPLICATE (the stored one wins); a full bucket (count or byte ceiling) answers FULL and
     * does not grow.
     */
    Outcome add(Reading reading) {
        return add(reading, true);
    }

    private Outcome add(Reading reading, boolean enforceLimits) {
        String readingSeries = reading.series().value();
        if (readingSeries != seriesValue && !readingSeries.equals(seriesValue)) {
            throw new IllegalArgumentException("reading of series " + reading.series()
                    + " does not belong in a bucket of series " + series());
        }
        long time = reading.epochMilli();
        int count = count();
        int position;
        if (count == 0 || time > time(count - 1)) {
            position = count;
        } else {
            position = lowerBound(time);
            if (time(position) == time) {
                return Outcome.DUPLICATE;
            }
        }
        int size = ReadingBytes.upperBound(reading);
        if (enforceLimits && !policy.admits(count, storedBytes, size)) {
            return Outcome.FULL;
        }
        insert(position, time, reading.fields());
        if (time < summedUntil) {
            SubWindowRows.count(this, subWindows, position, time);   // a late reading of a summed sub-window
        }
        storedBytes += size;
        accountedBytes += StoreCapacity.estimate(reading);
        return Outcome.ADDED;
    }

    private void insert(int position, long time, Fields fields) {
        int count = count();
        if (count == rowCapacity()) {
            int capacity = Math.max(INITIAL_CAPACITY, count * 2);
            growRows(Math.max(count + 1, Math.min(capacity, policy.maxCount())));
        }
        insertRow(position, time);
        setFields(position, fields);
    }

    /**
     * The layout of the sub-window summaries, shared ({@link SubWindowSummaries#layoutOnly}), with a column
     * for every column that holds a number here, summed or not: what a bucket opened after this one starts
     * from, so that it neither widens its summaries when first summed nor makes a layout of its own, and
     * what its sealed form encodes its rows' summaries with ({@link SubWindowRows#encode}). Null when the
     * policy has no sub-windows.
     */
    SubWindowSummaries subWindowLayout() {
        if (subWindows == null) {
            return null;
        }
        for (int column = 0; column < columns(); column++) {
            if (hasNumbers(column)) {
                subWindows.number(column);
            }
        }
        return subWindows.layoutOnly();
    }

    /** True when the policy has sub-windows: whether {@link #subWindows} answers summaries, without summing. */
    boolean hasSubWindows() {
        return subWindows != null;
    }

    /**
     * The sub-window summaries, or null when the policy has no sub-windows. The sub-windows not summed
     * yet are summed here from their rows, and the latest of them again on the next call, since it may
     * still take readings: a write in time order then stores its row and touches no summary. Summing a
     * sub-window when the next one started read its rows and summaries back long after they were
     * written, from memory, a cache miss each; a bucket that no read summed is sealed without cells, its
     * summaries encoded from its rows.
     */
    SubWindowSummaries subWindows() {
        if (subWindows != null) {
            int from = firstRowAtOrAfter(summedUntil);
            if (from < count()) {
                summedUntil = SubWindowRows.sumFrom(this, subWindows, from, count());
            }
        }
        return subWindows;
    }

    /** From now on tells {@code growth} the heap the sub-window summaries add (the store's capacity). */
    void reportGrowthTo(LongConsumer growth) {
        if (subWindows != null) {
            subWindows.reportGrowthTo(growth);
        }
    }

    /** How many readings fit before the array grows. */
    int capacity() {
        return rowCapacity();
    }

    /** An upper bound of this bucket's readings' stored size (see {@link ReadingBytes}). */
    long storedSizeEstimate() {
        return storedBytes;
    }

    /** Bytes of heap held by this bucket: the object, its array and its texts, headers included. */
    @Override
    public long heapBytes() {
        return OBJECT_BYTES + rowsHeapBytes() + subWindowHeapBytes();
    }

    @Override
    public long accountedBytes() {
        return accountedBytes + subWindowHeapBytes();
    }

    /** The heap the sub-window summaries hold now, without summing what is not summed yet. */
    long subWindowHeapBytes() {
        return subWindows == null ? 0 : subWindows.heapBytes();
    }

    /** Releases spare capacity; call when the bucket is unlikely to receive more readings. */
    void trimToSize() {
        trimRows();
    }

    /** True once the bucket admits no reading (see {@link BucketPolicy#isFull}). */
    boolean isFull() {
        return policy.isFull(count(), storedBytes);
    }

    @Override
    public String toString() {
        return "PackedBucket[" + key() + ", " + count() + " readings]";
    }
}
