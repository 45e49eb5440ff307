package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.Bucket;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * In-process {@link ReadingStore}: per series, primitive-array {@link Bucket}s under the same
 * {@link BucketPolicy} as every backend (overflow buckets included). Thread-safe: the series are
 * spread over {@value #STRIPES} stripes by the hash of their id, each a table with one lock. A batch
 * takes each stripe's lock once for all of its readings there, so writers of different stripes
 * never wait for each other and no lock is taken per reading.
 *
 * <p>Storing is bound by memory latency: consecutive readings belong to different series, and each
 * series' latest bucket is a cache miss away. So readings are stored in groups of {@value #GROUP}:
 * the group's series are looked up and their latest rows read first, which lets those misses
 * overlap, and then the readings are added, in batch order.
 */
public final class InMemoryReadingStore implements ReadingStore {

    /** A power of two: the low bits of a spread id hash choose the stripe. */
    private static final int STRIPES = 64;
    /** Readings whose buckets are brought into cache together: measured best of 4, 8, 16 and 32. */
    private static final int GROUP = 16;

    private final BucketPolicy policy;
    private final StoreCapacity capacity;
    private final Stripe[] stripes = new Stripe[STRIPES];

    /** A share of the series and the lock that guards them and their buckets. */
    private static final class Stripe {
        final ReentrantLock lock = new ReentrantLock();
        final SeriesTable series = new SeriesTable();
        /** What {@link SeriesBuckets#touch} answered, kept so that the reads it makes are not left out. */
        long touched;
    }

    /** A store whose memory limit is half of the JVM's maximum heap. */
    public InMemoryReadingStore(BucketPolicy policy) {
        this(policy, StoreCapacity.ofHeapShare());
    }

    /**
     * A store that refuses a batch ({@link StoreFullException}) once the readings it holds would take
     * more than about {@code memoryLimitBytes} of heap, or the JVM's long-lived heap is nearly full.
     */
    public InMemoryReadingStore(BucketPolicy policy, long memoryLimitBytes) {
        this(policy, StoreCapacity.ofLimit(memoryLimitBytes));
    }

    InMemoryReadingStore(BucketPolicy policy, StoreCapacity capacity) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.capacity = Objects.requireNonNull(capacity, "capacity");
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    @Override
    public String backend() {
        return "inmemory";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.POLICY_BUCKETS, Capability.PAGED_BUCKETS, Capability.BUCKET_BYTES,
                Capability.SERIES_COUNTS);
    }

    /**
     * Stores a batch stripe by stripe, each under one lock; within a stripe the readings keep their
     * batch order, so the earlier of two equal readings still wins. A stripe that another writer
     * holds is visited after the others rather than waited for.
     */
    @Override
    public StoreResult store(List<Reading> batch) {
        long estimate = StoreCapacity.estimate(batch);
        capacity.admit(batch.size(), estimate);
        StoreResult result = storeAdmitted(batch);
        capacity.added(result.accepted(), batch.size(), estimate);
        return result;
    }

    private StoreResult storeAdmitted(List<Reading> batch) {
        Reading[] readings = batch.toArray(new Reading[0]);   // indexed below: any List, in one pass
        int n = readings.length;
        int[] hashes = new int[n];
        int[] bounds = new int[STRIPES + 1];   // stripe s: positions [bounds[s], bounds[s + 1]) of order
        for (int i = 0; i < n; i++) {
            hashes[i] = readings[i].series().value().hashCode();
            bounds[stripeOf(hashes[i]) + 1]++;
        }
        for (int s = 0; s < STRIPES; s++) {
            bounds[s + 1] += bounds[s];
        }
        int[] order = new int[n];
        int[] next = Arrays.copyOf(bounds, STRIPES);
        for (int i = 0; i < n; i++) {
            order[next[stripeOf(hashes[i])]++] = i;
        }
        int accepted = 0;
        SeriesBuckets[] group = new SeriesBuckets[GROUP];
        int[] busy = new int[STRIPES];
        int busyCount = 0;
        // concurrent batches start at different stripes, so they rarely meet
        int first = n == 0 ? 0 : stripeOf(hashes[0]);
        for (int k = 0; k < STRIPES; k++) {
            int s = (first + k) & (STRIPES - 1);
            if (bounds[s] == bounds[s + 1]) {
                continue;
            }
            if (stripes[s].lock.tryLock()) {
                accepted += addAllAndUnlock(stripes[s], readings, hashes, order, bounds[s], bounds[s + 1], group);
            } else {
                busy[busyCount++] = s;
            }
        }
        for (int k = 0; k < busyCount; k++) {
            int s = busy[k];
            stripes[s].lock.lock();
            accepted += addAllAndUnlock(stripes[s], readings, hashes, order, bounds[s], bounds[s + 1], group);
        }
        return new StoreResult(accepted, n - accepted);
    }

    /**
     * Adds the readings at {@code order[from, to)}, all of {@code stripe}, whose lock the caller
     * holds, {@value #GROUP} at a time (see the class comment); releases the lock; answers how many
     * readings were new.
     *
     * @param group scratch room for one group's series
     */
    private int addAllAndUnlock(Stripe stripe, Reading[] readings, int[] hashes, int[] order, int from, int to,
                                SeriesBuckets[] group) {
        try {
            int accepted = 0;
            long touched = 0;
            for (int first = from; first < to; first += GROUP) {
                int size = Math.min(GROUP, to - first);
                for (int j = 0; j < size; j++) {
                    int i = order[first + j];
                    group[j] = stripe.series.getOrCreate(readings[i].series(), hashes[i], policy);
                }
                for (int j = 0; j < size; j++) {
                    touched += group[j].touch();
                }
                for (int j = 0; j < size; j++) {
                    if (group[j].add(readings[order[first + j]])) {
                        accepted++;
                    }
                }
            }
            stripe.touched += touched;
            return accepted;
        } finally {
            stripe.lock.unlock();
        }
    }

    @Override
    public List<Reading> read(SeriesId id, TimeRange range, int limit) {
        return query(id, List.of(), buckets -> {
            // sized up front: a dashboard range returns thousands of readings
            List<Reading> out = new ArrayList<>(SeriesReads.countAtMost(buckets, range.fromMilli(), range.toMilli(), limit));
            SeriesReads.read(buckets, range.fromMilli(), range.toMilli(), limit, out);
            return out;
        });
    }

    @Override
    public Optional<Reading> latest(SeriesId id, Instant notBefore) {
        return query(id, Optional.empty(), buckets -> SeriesReads.latest(buckets, notBefore));
    }

    @Override
    public List<Reading> page(SeriesId id, long number, int size, Instant notBefore) {
        return query(id, List.of(), buckets -> {
            List<Reading> out = new ArrayList<>(Math.min(size, 1024));
            SeriesReads.page(buckets, (number - 1) * size, size, notBefore.toEpochMilli(), out);
            return out;
        });
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId id, TimeRange range, Duration window) {
        return query(id, List.of(), buckets -> aggregate(buckets, range, window));
    }

    @Override
    public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
        List<SeriesId> ids = new ArrayList<>();
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                stripe.series.values().forEach(buckets -> ids.add(buckets.series()));
            } finally {
                stripe.lock.unlock();
            }
        }
        ids.sort(null);
        List<WindowAggregate> out = new ArrayList<>();
        for (SeriesId id : ids) {
            // looked up again: the series may have been deleted, or deleted and written anew, since
            out.addAll(query(id, List.of(), buckets -> aggregate(buckets, range, window)));
            if (out.size() > maxWindows) {
                break;
            }
        }
        return out;
    }

    private static List<WindowAggregate> aggregate(SeriesBuckets buckets, TimeRange range, Duration window) {
        WindowAggregator aggregator = new WindowAggregator(buckets.series(), window);
        buckets.aggregate(aggregator, range.fromMilli(), range.toMilli());
        return aggregator.result();
    }

    /**
     * Every stripe's ids are gathered and sorted (the tables are hashed, not ordered: a scan of the ids
     * in memory, no bucket read), then series are summarised in order until the page is full; a series
     * whose readings have all expired is left out.
     */
    @Override
    public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
        List<SeriesId> ids = new ArrayList<>();
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                for (SeriesBuckets buckets : stripe.series.values()) {
                    SeriesId id = buckets.series();
                    if (id.value().startsWith(prefix) && (after == null || id.compareTo(after) > 0)) {
                        ids.add(id);
                    }
                }
            } finally {
                stripe.lock.unlock();
            }
        }
        ids.sort(null);
        long from = notBefore.toEpochMilli();
        List<SeriesSummary> out = new ArrayList<>(Math.min(limit, ids.size()));
        for (int i = 0; i < ids.size() && out.size() < limit; i++) {
            query(ids.get(i), Optional.<SeriesSummary>empty(), buckets -> summary(buckets, from)).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<SeriesSummary> summary(SeriesBuckets buckets, long from) {
        long[] extent = SeriesReads.extentFrom(buckets, from);
        return extent == null ? Optional.empty() : Optional.of(new SeriesSummary(buckets.series(), extent[0],
                Instant.ofEpochMilli(extent[1]), Instant.ofEpochMilli(extent[2])));
    }

    @Override
    public long deleteSeries(SeriesId id) {
        int hash = id.value().hashCode();
        Stripe stripe = stripes[stripeOf(hash)];
        stripe.lock.lock();
        try {
            SeriesBuckets removed = stripe.series.remove(id.value(), hash);
            long readings = removed == null ? 0 : removed.delete();
            capacity.removed(readings);
            return readings;
        } finally {
            stripe.lock.unlock();
        }
    }

    @Override
    public long evictBefore(Instant cutoff) {
        long removed = 0;
        long cutoffMilli = cutoff.toEpochMilli();
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                for (SeriesBuckets buckets : stripe.series.values()) {
                    long before = buckets.readingCount();
                    removed += buckets.evictBefore(cutoffMilli);
                    capacity.removed(before - buckets.readingCount());
                    if (buckets.bucketCount() == 0) {
                        String id = buckets.series().value();
                        stripe.series.remove(id, id.hashCode());
                    }
                }
            } finally {
                stripe.lock.unlock();
            }
        }
        return removed;
    }

    @Override
    public StoreHealth health() {
        return capacity.health();
    }

    @Override
    public StorageStatistics statistics() {
        long seriesCount = 0;
        long readings = 0;
        long bucketCount = 0;
        long max = 0;
        long bytes = 0;
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                for (SeriesBuckets buckets : stripe.series.values()) {
                    if (buckets.bucketCount() == 0) {
                        continue;
                    }
                    seriesCount++;
                    for (int i = 0; i < buckets.bucketCount(); i++) {
                        Bucket bucket = buckets.bucket(i);
                        readings += bucket.count();
                        max = Math.max(max, bucket.count());
                        bytes += bucket.heapBytes();
                    }
                    bucketCount += buckets.bucketCount();
                }
            } finally {
                stripe.lock.unlock();
            }
        }
        Double avgBytes = bucketCount == 0 ? null : (double) bytes / bucketCount;
        return StorageStatistics.of(backend(), seriesCount, readings, bucketCount, max, avgBytes,
                "avgBucketBytes is the heap held by a bucket: the object, its array of summaries, times and field values, and its text dictionary");
    }

    @Override
    public void close() {
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                stripe.series.clear();
            } finally {
                stripe.lock.unlock();
            }
        }
    }

    /** Runs {@code query} on the series of {@code id} under its stripe's lock, or answers {@code absent}. */
    private <T> T query(SeriesId id, T absent, Function<SeriesBuckets, T> query) {
        int hash = id.value().hashCode();
        Stripe stripe = stripes[stripeOf(hash)];
        stripe.lock.lock();
        try {
            SeriesBuckets buckets = stripe.series.get(id.value(), hash);
            return buckets == null ? absent : query.apply(buckets);
        } finally {
            stripe.lock.unlock();
        }
    }

    /** The stripe of an id's {@link String#hashCode}: its bits folded, since ids often differ only at the end. */
    private static int stripeOf(int hash) {
        return (hash ^ hash >>> 16) & (STRIPES - 1);
    }
}
