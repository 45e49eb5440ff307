package io.bucketry.adapter.inmemory;

import io.bucketry.application.settings.Parts;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;

import static io.bucketry.adapter.inmemory.StripedSeries.STRIPES;
import static io.bucketry.adapter.inmemory.StripedSeries.stripeOf;

/**
 * How {@link StripedSeries} stores a batch: stripe by stripe, each stripe's lock taken once for all of
 * its readings there, in parts on the executor when the batch is large, marking the rollup windows of
 * what it stores pending.
 *
 * <p>Storing is bound by memory latency: consecutive readings belong to different series, and each
 * series' latest bucket is a cache miss away. So readings are stored in groups of {@value #GROUP}:
 * the group's series are looked up and their latest rows read first, which lets those misses
 * overlap, and then the readings are added, in batch order.
 */
final class StripedWrites {

    /** Readings whose buckets are brought into cache together: measured best of 4, 8, 16 and 32. */
    private static final int GROUP = 16;

    private final BucketPolicy policy;
    private final Sealing sealing;
    private final Executor executor;
    private final int parallelism;
    private final Stripe[] stripes;
    private final TagIndex tags;
    /** The window by which stored readings mark their series' rollup windows pending, in ms; 0: no marks. */
    private volatile long markWidth;

    StripedWrites(BucketPolicy policy, Sealing sealing, Executor executor, int parallelism, Stripe[] stripes,
                  TagIndex tags) {
        this.tags = tags;
        this.policy = policy;
        this.sealing = sealing;
        this.executor = executor;
        this.parallelism = parallelism;
        this.stripes = stripes;
    }

    /**
     * Stores a batch stripe by stripe, each under one lock; within a stripe the readings keep their
     * batch order, so the earlier of two equal readings still wins. A stripe that another writer
     * holds is visited after the others rather than waited for. {@code capacity} admits the batch
     * (or refuses it by throwing) before anything is stored, and counts what was. Answers how many were new.
     */
    int store(Reading[] readings, StoreCapacity capacity) {
        int n = readings.length;
        sealing.refresh();   // the clock read once per batch: the windows its series leave may be sealed
        int parts = Parts.forBatch(n, parallelism);   // as the ingest service decides: both split a batch alike
        int[] hashes = new int[n];
        // readings sorted by (part, stripe), batch order kept: key k = part * STRIPES + stripe holds
        // positions [bounds[k], bounds[k + 1]) of order
        int[] keys = new int[n];
        long readingBytes = Parts.sum(executor, parts, part -> keysOf(readings, hashes, keys, parts,
                (int) ((long) n * part / parts), (int) ((long) n * (part + 1) / parts)));
        int[] bounds = new int[parts * STRIPES + 1];
        for (int i = 0; i < n; i++) {
            bounds[keys[i] + 1]++;
        }
        for (int k = 0; k < parts * STRIPES; k++) {
            bounds[k + 1] += bounds[k];
        }
        int[] order = new int[n];
        int[] next = Arrays.copyOf(bounds, parts * STRIPES);
        for (int i = 0; i < n; i++) {
            order[next[keys[i]]++] = i;
        }
        capacity.admit(n, readingBytes, () -> versionBytes(readings),
                () -> newSeriesBytes(readings, hashes, order, bounds, parts));
        // concurrent batches start at different stripes, so they rarely meet
        int first = n == 0 ? 0 : stripeOf(hashes[0]);
        LongAdder created = new LongAdder();
        LongAdder createdBytes = new LongAdder();
        int accepted = (int) Parts.sum(executor, parts,
                part -> storeStripes(readings, hashes, order, bounds, part * STRIPES, first, created, createdBytes));
        capacity.added(accepted, n, readingBytes);
        capacity.seriesAdded(created.sum(), createdBytes.sum());
        return accepted;
    }

    /**
     * The estimated heap of the series the batch would start ({@link StoreCapacity#seriesEstimate}), each
     * stripe looked up under its lock; a concurrent batch may start some of them meanwhile, which only
     * makes this err high.
     */
    private long newSeriesBytes(Reading[] readings, int[] hashes, int[] order, int[] bounds, int parts) {
        long bytes = 0;
        Set<String> counted = new HashSet<>();
        for (int s = 0; s < STRIPES; s++) {
            stripes[s].lock.lock();
            try {
                for (int part = 0; part < parts; part++) {
                    for (int k = bounds[part * STRIPES + s]; k < bounds[part * STRIPES + s + 1]; k++) {
                        Reading reading = readings[order[k]];
                        String id = reading.series().value();
                        if (stripes[s].series.get(id, hashes[order[k]]) == null && counted.add(id)) {
                            bytes += StoreCapacity.seriesEstimate(reading.series())
                                    + StoreCapacity.versionEstimate(reading.meta());
                        }
                    }
                }
            } finally {
                stripes[s].lock.unlock();
            }
        }
        return bytes;
    }

    /** The heap the batch's metas would take were each a new version (0 for an untagged batch, one pass to tell). */
    private static long versionBytes(Reading[] readings) {
        long bytes = 0;
        SeriesMeta last = SeriesMeta.NONE;
        long lastBytes = 0;
        for (Reading reading : readings) {
            SeriesMeta meta = reading.meta();
            if (meta != last) {
                last = meta;
                lastBytes = StoreCapacity.versionEstimate(meta);
            }
            bytes += lastBytes;
        }
        return bytes;
    }

    /**
     * The hash and (part, stripe) key of readings {@code [from, to)}, and their estimated heap. Reading
     * an id and the fields is a memory access per object, so this runs in parts too: a step over the
     * whole batch on one thread would cost as much as storing it.
     */
    private static long keysOf(Reading[] readings, int[] hashes, int[] keys, int parts, int from, int to) {
        long estimate = 0;
        for (int i = from; i < to; i++) {
            String id = readings[i].series().value();
            hashes[i] = id.hashCode();
            // the parts split series as the ingest service splits its validation (SeriesId.partOf), so that a
            // part's readings are stored by the thread that just built them, while they are in its cache
            keys[i] = (parts == 1 ? 0 : SeriesId.partOf(id, parts)) * STRIPES + stripeOf(hashes[i]);
            estimate += StoreCapacity.estimate(readings[i]);
        }
        return estimate;
    }

    /**
     * Stores one part's readings, stripe by stripe from {@code first} on: those at positions
     * {@code [bounds[base + s], bounds[base + s + 1])} of {@code order} for stripe s. A stripe another
     * writer holds is visited after the others rather than waited for.
     */
    private int storeStripes(Reading[] readings, int[] hashes, int[] order, int[] bounds, int base, int first,
                             LongAdder created, LongAdder createdBytes) {
        int accepted = 0;
        SeriesBuckets[] group = new SeriesBuckets[GROUP];
        int[] busy = new int[STRIPES];
        int busyCount = 0;
        for (int k = 0; k < STRIPES; k++) {
            int s = (first + k) & (STRIPES - 1);
            int from = bounds[base + s];
            int to = bounds[base + s + 1];
            if (from == to) {
                continue;
            }
            if (stripes[s].lock.tryLock()) {
                accepted += addAllAndUnlock(stripes[s], readings, hashes, order, from, to, group, created, createdBytes);
            } else {
                busy[busyCount++] = s;
            }
        }
        for (int k = 0; k < busyCount; k++) {
            int s = busy[k];
            stripes[s].lock.lock();
            accepted += addAllAndUnlock(stripes[s], readings, hashes, order, bounds[base + s], bounds[base + s + 1], group,
                    created, createdBytes);
        }
        return accepted;
    }

    /**
     * Adds the readings at {@code order[from, to)}, all of {@code stripe}, whose lock the caller
     * holds, {@value #GROUP} at a time (see the class comment); releases the lock; answers how many
     * readings were new; counts the series it started in {@code created} and their estimate in {@code createdBytes}.
     *
     * @param group scratch room for one group's series
     */
    private int addAllAndUnlock(Stripe stripe, Reading[] readings, int[] hashes, int[] order, int from, int to,
                                SeriesBuckets[] group, LongAdder created, LongAdder createdBytes) {
        int sizeBefore = stripe.series.size();
        long newBytes = 0;
        try {
            int accepted = 0;
            long touched = 0;
            long width = markWidth;
            long stamp = width == 0 ? 0 : ++stripe.stamp;
            for (int first = from; first < to; first += GROUP) {
                int size = Math.min(GROUP, to - first);
                for (int j = 0; j < size; j++) {
                    int i = order[first + j];
                    int known = stripe.series.size();
                    group[j] = stripe.series.getOrCreate(readings[i].series(), hashes[i], policy, sealing);
                    if (stripe.series.size() != known) {
                        newBytes += StoreCapacity.seriesEstimate(readings[i].series());
                    }
                }
                for (int j = 0; j < size; j++) {
                    touched += group[j].touch();
                }
                for (int j = 0; j < size; j++) {
                    Reading reading = readings[order[first + j]];
                    SeriesMeta meta = reading.meta();
                    if (group[j].versions == null && !meta.isNone()) {
                        newBytes += indexVersion(group[j], group[j].startVersions(meta));
                    }
                    if (group[j].versions != null) {
                        group[j].beforeVersion(meta);
                    }
                    if (group[j].add(reading)) {
                        if (group[j].versions != null) {
                            newBytes += indexVersion(group[j], group[j].recordVersion(reading.epochMilli(), meta));
                        }
                        accepted++;
                        if (width != 0) {
                            group[j].mark(Math.floorDiv(reading.epochMilli(), width) * width, stamp);
                        }
                    }
                }
            }
            stripe.touched += touched;
            return accepted;
        } finally {
            created.add(stripe.series.size() - sizeBefore);
            createdBytes.add(newBytes);
            stripe.lock.unlock();
        }
    }

    /** Lists a new version of a series in the tag index (nothing when {@code added} is null); answers its heap estimate. */
    private long indexVersion(SeriesBuckets series, SeriesMeta added) {
        if (added == null) {
            return 0;
        }
        tags.add(series.series(), added);
        return StoreCapacity.versionEstimate(added);
    }

    /**
     * From now on, every stored reading marks its series' window of {@code width} ms pending in the step
     * that stores it, unless marks of another width are on already; answers whether the marks on now name
     * windows that each lie inside one window of {@code width} (so that settling them covers it).
     */
    synchronized boolean markPendingWindows(long width) {
        if (markWidth == 0) {
            markWidth = width;
        }
        return width % markWidth == 0;
    }
}
