package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesMeta;
import org.bson.BsonValue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A bucket while a batch is planned into it: what is stored (as read, or nothing for a new one)
 * plus what the plan adds. Room follows the policy exactly as the update's filter checks it.
 */
final class PlannedBucket {

    final long start;
    final int seq;
    /** The {@code _id} of the stored bucket as read, or null for a new one (see {@link Placement#stored()}). */
    final BsonValue id;
    private int count;
    private long bytes;
    private long last;
    private final long storedLast;
    /** Stored times in order, or null when they were not read (then every planned time is after storedLast). */
    private final long[] storedTimes;
    final List<Reading> added = new ArrayList<>();
    /** Numeric field names of {@link #added}: the summary entries its statement already counts. */
    private final Set<String> summarised = new HashSet<>();
    /** The sub-window summaries each statement carries, or null when off. */
    private final SubWindowFields subs;
    /** The meta of its readings: the stored bucket's, or for a new one that of its first reading (null before). */
    private SeriesMeta meta;

    private PlannedBucket(BsonValue id, long start, int seq, int count, long bytes, long last, long[] storedTimes,
                          SubWindowFields subs) {
        this.id = id;
        this.start = start;
        this.seq = seq;
        this.count = count;
        this.bytes = bytes;
        this.last = last;
        this.storedLast = last;
        this.storedTimes = storedTimes;
        this.subs = subs;
    }

    /** A stored bucket known by its key alone (the paged planner's tops come from a {@code $group}, without the {@code _id}). */
    static PlannedBucket stored(StoredBucket bucket) {
        return new PlannedBucket(null, bucket.start(), bucket.seq(), bucket.count(), bucket.bytes(), bucket.last(),
                bucket.readings() == null && !bucket.sealed() ? null : bucket.times(), null);
    }

    /**
     * A stored bucket read whole by its window, {@code _id} included: its placements only apply to that
     * very document ({@link Placement#stored()}).
     *
     * @param subs the sub-window summaries its statements carry (null when off)
     */
    static PlannedBucket stored(StoredBucket bucket, SubWindowFields subs) {
        PlannedBucket planned = new PlannedBucket(bucket.id(), bucket.start(), bucket.seq(), bucket.count(), bucket.bytes(),
                bucket.last(), bucket.readings() == null && !bucket.sealed() ? null : bucket.times(), subs);
        planned.meta = bucket.meta();
        return planned;
    }

    static PlannedBucket fresh(long start, int seq) {
        return fresh(start, seq, null);
    }

    static PlannedBucket fresh(long start, int seq, SubWindowFields subs) {
        return new PlannedBucket(null, start, seq, 0, 0, Long.MIN_VALUE, null, subs);
    }

    /** Room as the policy says, for a reading of this bucket's meta (a bucket's readings share one). */
    boolean hasRoomFor(Reading reading, BucketPolicy policy) {
        return (meta == null || meta.equals(reading.meta())) && policy.admits(count, bytes, BucketBytes.cost(reading, summarised, subs));
    }

    /** True when the bucket already stores a reading at {@code time} (a batch never plans one time twice). */
    boolean contains(long time) {
        if (storedTimes != null) {
            return Arrays.binarySearch(storedTimes, time) >= 0;
        }
        if (storedLast != Long.MIN_VALUE && time <= storedLast) {
            throw new IllegalStateException("bucket times were not read, yet a reading at " + time
                    + " is not after its last stored reading at " + storedLast);
        }
        return false;
    }

    void add(Reading reading) {
        meta = reading.meta();
        added.add(reading);
        count++;
        bytes += BucketBytes.add(reading, summarised, subs);
        last = Math.max(last, reading.epochMilli());
    }

    long last() {
        return last;
    }

    /** Full for any reading: at the count ceiling, or closed by a rollover (bytes at the ceiling). */
    boolean isClosed(BucketPolicy policy) {
        return policy.isFull(count, bytes);
    }

    /** True when every added reading follows what the bucket stored (always for a new bucket). */
    boolean appendsOnly() {
        return added.isEmpty() || added.get(0).epochMilli() > storedLast;
    }

    boolean isStored() {
        return storedTimes != null || storedLast != Long.MIN_VALUE;
    }
}
