package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The buckets of one series in the order of their groups: every reading of one group precedes
 * every reading of the next. What a group is depends on the policy: one window with its overflow
 * buckets ({@link WindowedSeriesBuckets}) or one page ({@link PagedSeriesBuckets}). This class keeps
 * the array of buckets; the subclasses place readings. Not thread-safe: callers hold the lock of
 * its stripe (see {@link InMemoryReadingStore}).
 */
abstract sealed class SeriesBuckets extends MarkedSeries permits WindowedSeriesBuckets, PagedSeriesBuckets {

    static final int INITIAL_CAPACITY = 16;

    private final SeriesId series;
    final BucketPolicy policy;
    final Sealing sealing;
    StoredBucket[] buckets = new StoredBucket[4];
    /** {@code buckets[i].start()}: a search reads this one array instead of a bucket per probe. */
    long[] starts = new long[4];
    int size;
    /** The latest bucket, kept apart from the array to save a memory access per reading. */
    StoredBucket tail;
    /** The metas its readings were written with; null while none had one (the untagged case costs nothing more). */
    SeriesVersions versions;
    /**
     * The meta of every reading while {@link #versions} has one version ({@link SeriesVersions#sole}), else
     * null: a reading written with it is not recorded there, so storing it reads no object more.
     */
    SeriesMeta soleMeta;
    /** The {@link SeriesOrder} round {@link #orderRank} was taken in (0: none); read and written under its lock. */
    int orderRound;
    /** This series' place in id order among the series ranked in {@link #orderRound}. */
    int orderRank;

    SeriesBuckets(SeriesId series, BucketPolicy policy, Sealing sealing) {
        this.series = series;
        this.policy = policy;
        this.sealing = sealing;
    }

    static SeriesBuckets of(SeriesId series, BucketPolicy policy, Sealing sealing) {
        return policy instanceof BucketPolicy.Windowed windowed ? new WindowedSeriesBuckets(series, windowed, sealing)
                : new PagedSeriesBuckets(series, (BucketPolicy.Paged) policy, sealing);
    }

    SeriesId series() {
        return series;
    }

    /** True when stored, false when a reading of the same time is already here. */
    abstract boolean add(Reading reading);

    /** Index of the first bucket that may hold a reading at or after {@code from}. */
    abstract int firstIndexFor(long from);

    /** The smallest time a bucket's group may hold: the window start, or a page's first reading. */
    abstract long lowKey(StoredBucket bucket);

    /** End (exclusive) of the bucket group starting at {@code index}. */
    abstract int groupEnd(int index);

    /** Start of the latest bucket group; there is one. */
    abstract int latestGroupStart();

    /** Empties this series (a reader that still holds it sees nothing); answers how many readings it held. */
    long delete() {
        long readings = readingCount();
        buckets = new StoredBucket[0];
        starts = new long[0];
        size = 0;
        tail = null;
        return readings;
    }

    /**
     * Reads this series down to the last row of its latest bucket, next to which its next reading
     * most likely goes, and answers something of it (0 when there is none). Called for several series before adding to any of them, so that
     * their cache misses overlap instead of following one another; the answer only needs to be used somehow.
     */
    long touch() {
        StoredBucket latest = tail;
        if (latest == null || latest.count() == 0) {
            return 0;
        }
        return latest.lastTime();
    }

    /**
     * Before {@code meta}, a meta, is stored in a series that has no versions yet: its readings so far
     * (none, or untagged up to its latest) become the first version; answers {@code meta} when it is
     * that version already (the series was empty), else null.
     */
    final SeriesMeta startVersions(SeriesMeta meta) {
        if (size == 0) {
            versions = SeriesVersions.of(meta, Long.MIN_VALUE);
            soleMeta = meta;
            return meta;
        }
        versions = SeriesVersions.of(SeriesMeta.NONE, latestTime());
        soleMeta = SeriesMeta.NONE;
        return null;
    }

    /**
     * Before a reading written with {@code meta} is added to a series that has versions: while they are one
     * and the reading has another meta, they learn the latest time stored so far ({@link SeriesVersions#catchUp}).
     */
    final void beforeVersion(SeriesMeta meta) {
        if (soleMeta != null && meta != soleMeta && !meta.equals(soleMeta)) {
            versions.catchUp(latestTime());
        }
    }

    /**
     * Records that the reading at {@code time}, just stored, was written with {@code meta}
     * ({@link SeriesVersions#record}), unless it is the sole meta; answers the meta when it is a new version.
     */
    final SeriesMeta recordVersion(long time, SeriesMeta meta) {
        if (meta == soleMeta) {
            return null;
        }
        SeriesMeta added = versions.record(time, meta);
        soleMeta = versions.sole();
        return added;
    }

    private long latestTime() {
        long latest = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            latest = Math.max(latest, buckets[i].lastTime());
        }
        return latest;
    }

    /** The meta the reading at {@code time} was written with. */
    final SeriesMeta metaAt(long time) {
        return versions == null ? SeriesMeta.NONE : versions.at(time);
    }

    /** The metas of this series' versions; one, none, when it has no versions. */
    final List<SeriesMeta> metas() {
        return versions == null ? List.of(SeriesMeta.NONE) : versions.metas();
    }

    /** {@code readings} of this series, each with the meta it was written with. */
    final List<Reading> withMeta(List<Reading> readings) {
        if (versions == null) {
            return readings;
        }
        List<Reading> out = new ArrayList<>(readings.size());
        for (Reading reading : readings) {
            out.add(reading.withMeta(versions.at(reading.epochMilli())));
        }
        return out;
    }

    /** Opens a bucket at {@code index} holding {@code reading}. */
    final boolean open(int index, long start, int seq, Reading reading) {
        // a new latest bucket is laid out like its predecessor (a steady series fills every window
        // alike); a late or overflow bucket in between starts small, as nothing trims it later
        PackedBucket bucket;
        if (index > 0 && index == size) {
            bucket = buckets[index - 1] instanceof PackedBucket open ? PackedBucket.openLike(open, start, seq, policy)
                    : PackedBucket.openLike((SealedColumns) buckets[index - 1], series, start, seq, policy);
        } else {
            bucket = PackedBucket.open(series, start, seq, policy, INITIAL_CAPACITY);
        }
        bucket.reportGrowthTo(sealing.heapChange());
        bucket.add(reading);
        insertAt(index, bucket);
        return true;
    }

    /** Notes that a late reading opened the sealed bucket at {@code index} again; it stays open until the maintenance step. */
    void reopened(int index) {
    }

    /** Adds {@code reading} to the bucket at {@code index}, open or sealed ({@link SeriesSealing#addTo}). */
    final PackedBucket.Outcome addTo(int index, Reading reading) {
        StoredBucket bucket = buckets[index];
        if (bucket instanceof PackedBucket open) {
            return open.add(reading);
        }
        return SeriesSealing.addTo(this, index, (SealedColumns) bucket, reading);
    }

    /** The readings of the bucket at {@code index} to read from: its rows, or its columns decoded. */
    final BucketRows rows(int index) {
        return rows(index, DecodedColumns.Need.ALL);
    }

    /** As {@link #rows(int)}, a sealed bucket decoded as far as {@code need} (the rest when asked for). */
    final BucketRows rows(int index, DecodedColumns.Need need) {
        StoredBucket bucket = buckets[index];
        return bucket instanceof PackedBucket open ? open : ((SealedColumns) bucket).decode(series, sealing, need);
    }

    void replace(int index, StoredBucket bucket) {
        buckets[index] = bucket;
        if (index == size - 1) {
            tail = bucket;
        }
    }

    final void insertAt(int index, StoredBucket bucket) {
        if (size == buckets.length) {
            buckets = Arrays.copyOf(buckets, Math.max(4, size * 2));
            starts = Arrays.copyOf(starts, buckets.length);
        }
        System.arraycopy(buckets, index, buckets, index + 1, size - index);
        System.arraycopy(starts, index, starts, index + 1, size - index);
        buckets[index] = bucket;
        starts[index] = bucket.start();
        size++;
        tail = buckets[size - 1];
    }

    /** Removes buckets whose readings all lie before cutoff; answers how many. */
    int evictBefore(long cutoff) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (buckets[i].lastTime() >= cutoff) {
                starts[kept] = starts[i];
                buckets[kept++] = buckets[i];
            }
        }
        int removed = size - kept;
        Arrays.fill(buckets, kept, size, null);
        size = kept;
        tail = size == 0 ? null : buckets[size - 1];
        return removed;
    }

    int bucketCount() {
        return size;
    }

    StoredBucket bucket(int index) {
        return buckets[index];
    }

    long readingCount() {
        long count = 0;
        for (int i = 0; i < size; i++) {
            count += buckets[i].count();
        }
        return count;
    }

    /** What the store's capacity counts for this series' buckets. */
    long accountedBytes() {
        long bytes = 0;
        for (int i = 0; i < size; i++) {
            bytes += buckets[i].accountedBytes();
        }
        return bytes;
    }

    /**
     * Binary search over the buckets' start (or, with {@code byFirstTime}, their first reading's
     * time): the first index whose key is above {@code key}, or at or above it when {@code inclusive}.
     */
    final int search(long key, boolean byFirstTime, boolean inclusive) {
        int low = 0;
        int high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            long probe = byFirstTime ? buckets[mid].firstTime() : starts[mid];
            if (probe < key || !inclusive && probe == key) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
