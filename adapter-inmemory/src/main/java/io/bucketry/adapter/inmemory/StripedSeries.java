package io.bucketry.adapter.inmemory;

import io.bucketry.application.Parts;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

/**
 * The series of the in-memory store, spread over {@value #STRIPES} stripes by the hash of their id,
 * each a table with one lock. A batch takes each stripe's lock once for all of its readings there,
 * so writers of different stripes never wait for each other and no lock is taken per reading; with
 * a parallelism above one, a large batch is stored in parts split by series ({@link SeriesId#partOf},
 * the ingest service's split) on the given executor, each part stripe by stripe.
 *
 * <p>Storing is bound by memory latency: consecutive readings belong to different series, and each
 * series' latest bucket is a cache miss away. So readings are stored in groups of {@value #GROUP}:
 * the group's series are looked up and their latest rows read first, which lets those misses
 * overlap, and then the readings are added, in batch order.
 */
final class StripedSeries {

    /** A power of two: the low bits of a spread id hash choose the stripe. */
    private static final int STRIPES = 64;
    /** Readings whose buckets are brought into cache together: measured best of 4, 8, 16 and 32. */
    private static final int GROUP = 16;
    /** Below this a batch is stored on the calling thread: handing parts over would cost more. */
    static final int MIN_READINGS_PER_PART = 2048;

    private final BucketPolicy policy;
    private final Sealing sealing;
    private final Executor executor;
    private final int parallelism;
    private final Stripe[] stripes = new Stripe[STRIPES];
    /** The window by which stored readings mark their series' rollup windows pending, in ms; 0: no marks. */
    private volatile long markWidth;

    /** A share of the series and the lock that guards them and their buckets. */
    private static final class Stripe {
        final ReentrantLock lock = new ReentrantLock();
        final SeriesTable series = new SeriesTable();
        /** What {@link SeriesBuckets#touch} answered, kept so that the reads it makes are not left out. */
        long touched;
        /** The stamp of the last write under this lock: every write that marks windows takes the next. */
        long stamp = Long.MIN_VALUE;
    }

    StripedSeries(BucketPolicy policy, Sealing sealing, Executor executor, int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism " + parallelism + " must be at least 1");
        }
        this.policy = policy;
        this.sealing = sealing;
        this.executor = executor;
        this.parallelism = parallelism;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /**
     * Stores a batch stripe by stripe, each under one lock; within a stripe the readings keep their
     * batch order, so the earlier of two equal readings still wins. A stripe that another writer
     * holds is visited after the others rather than waited for. {@code admit} gets the batch's
     * estimated heap before anything is stored, and may refuse it by throwing. Answers how many were new.
     */
    int store(Reading[] readings, LongConsumer admit) {
        int n = readings.length;
        sealing.refresh();   // the clock read once per batch: the windows its series leave may be sealed
        // all parts or none, as the ingest service decides, so that both sides split a batch alike
        int parts = n / MIN_READINGS_PER_PART >= 2 ? parallelism : 1;
        int[] hashes = new int[n];
        // readings sorted by (part, stripe), batch order kept: key k = part * STRIPES + stripe holds
        // positions [bounds[k], bounds[k + 1]) of order
        int[] keys = new int[n];
        admit.accept(Parts.sum(executor, parts, part -> keysOf(readings, hashes, keys, parts,
                (int) ((long) n * part / parts), (int) ((long) n * (part + 1) / parts))));
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
        // concurrent batches start at different stripes, so they rarely meet
        int first = n == 0 ? 0 : stripeOf(hashes[0]);
        return (int) Parts.sum(executor, parts, part -> storeStripes(readings, hashes, order, bounds, part * STRIPES, first));
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
    private int storeStripes(Reading[] readings, int[] hashes, int[] order, int[] bounds, int base, int first) {
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
                accepted += addAllAndUnlock(stripes[s], readings, hashes, order, from, to, group);
            } else {
                busy[busyCount++] = s;
            }
        }
        for (int k = 0; k < busyCount; k++) {
            int s = busy[k];
            stripes[s].lock.lock();
            accepted += addAllAndUnlock(stripes[s], readings, hashes, order, bounds[base + s], bounds[base + s + 1], group);
        }
        return accepted;
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
            long width = markWidth;
            long stamp = width == 0 ? 0 : ++stripe.stamp;
            for (int first = from; first < to; first += GROUP) {
                int size = Math.min(GROUP, to - first);
                for (int j = 0; j < size; j++) {
                    int i = order[first + j];
                    group[j] = stripe.series.getOrCreate(readings[i].series(), hashes[i], policy, sealing);
                }
                for (int j = 0; j < size; j++) {
                    touched += group[j].touch();
                }
                for (int j = 0; j < size; j++) {
                    Reading reading = readings[order[first + j]];
                    if (group[j].add(reading)) {
                        accepted++;
                        if (width != 0) {
                            mark(group[j], Math.floorDiv(reading.epochMilli(), width) * width, stamp);
                        }
                    }
                }
            }
            stripe.touched += touched;
            return accepted;
        } finally {
            stripe.lock.unlock();
        }
    }

    private static void mark(SeriesBuckets buckets, long start, long stamp) {
        if (buckets.marks == null) {
            buckets.marks = new PendingMarks();
        }
        buckets.marks.mark(start, stamp);
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

    /** Runs {@code query} on the series of {@code id} under its stripe's lock, or answers {@code absent}. */
    <T> T query(SeriesId id, T absent, Function<SeriesBuckets, T> query) {
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

    /** Runs {@code action} on every series, stripe by stripe, each under its stripe's lock. */
    void forEach(Consumer<SeriesBuckets> action) {
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                stripe.series.values().forEach(action);
            } finally {
                stripe.lock.unlock();
            }
        }
    }

    /**
     * Runs {@code action} on every series under its stripe's lock, then removes those it answers
     * true for; answers the removed series.
     */
    List<SeriesBuckets> removeIf(Predicate<SeriesBuckets> action) {
        List<SeriesBuckets> removed = new ArrayList<>();
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                for (SeriesBuckets buckets : stripe.series.values()) {
                    if (action.test(buckets)) {
                        String id = buckets.series().value();
                        removed.add(stripe.series.remove(id, id.hashCode()));
                    }
                }
            } finally {
                stripe.lock.unlock();
            }
        }
        return removed;
    }

    /** Removes the series of {@code id} under its stripe's lock and runs {@code then} on what was removed (or null). */
    <T> T remove(SeriesId id, Function<SeriesBuckets, T> then) {
        int hash = id.value().hashCode();
        Stripe stripe = stripes[stripeOf(hash)];
        stripe.lock.lock();
        try {
            return then.apply(stripe.series.remove(id.value(), hash));
        } finally {
            stripe.lock.unlock();
        }
    }

    void clear() {
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                stripe.series.clear();
            } finally {
                stripe.lock.unlock();
            }
        }
    }

    /** The stripe of an id's {@link String#hashCode}: its bits folded, since ids often differ only at the end. */
    private static int stripeOf(int hash) {
        return (hash ^ hash >>> 16) & (STRIPES - 1);
    }
}
