package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The series of the in-memory store, spread over {@value #STRIPES} stripes by the hash of their id,
 * each a table with one lock ({@link Stripe}). A batch takes each stripe's lock once for all of its readings there,
 * so writers of different stripes never wait for each other and no lock is taken per reading; with
 * a parallelism above one, a large batch is stored in parts split by series ({@link SeriesId#partOf},
 * the ingest service's split) on the given executor, each part stripe by stripe ({@link StripedWrites}).
 */
final class StripedSeries {

    /** A power of two: the low bits of a spread id hash choose the stripe. */
    static final int STRIPES = 64;

    private final Stripe[] stripes = new Stripe[STRIPES];
    private final StripedWrites writes;
    /** From tag to the series having it; updated as series gain versions, under their stripe's lock. */
    final TagIndex tags = new TagIndex();
    /** Puts the parts of queries over many series in id order. */
    final SeriesOrder order = new SeriesOrder(this);

    StripedSeries(BucketPolicy policy, Sealing sealing, Executor executor, int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism " + parallelism + " must be at least 1");
        }
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
        this.writes = new StripedWrites(policy, sealing, executor, parallelism, stripes, tags);
    }

    /**
     * Stores a batch stripe by stripe ({@link StripedWrites#store}); {@code capacity} admits it before
     * anything is stored, and may refuse it by throwing. Answers how many were new.
     */
    int store(Reading[] readings, StoreCapacity capacity) {
        return writes.store(readings, capacity);
    }

    /**
     * From now on, every stored reading marks its series' window of {@code width} ms pending in the step
     * that stores it, unless marks of another width are on already; answers whether the marks on now name
     * windows that each lie inside one window of {@code width} (so that settling them covers it).
     */
    boolean markPendingWindows(long width) {
        return writes.markPendingWindows(width);
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
     * Runs {@code action} on each series with marks, under its stripe's lock, until it answers false. A stripe where no
     * write marked a window since a pass found no marks ({@link Stripe#unmarkedAt}) is passed without reading its
     * series: a grouped query settles before it reads a tier, and most stripes then have nothing pending.
     */
    void forEachMarked(Predicate<SeriesBuckets> action) {
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                if (stripe.unmarkedAt == stripe.stamp) {
                    continue;
                }
                boolean marks = false;
                for (SeriesBuckets buckets : stripe.series.values()) {
                    if (buckets.hasMarks()) {
                        marks = true;
                        if (!action.test(buckets)) {
                            return;
                        }
                    }
                }
                if (!marks) {
                    stripe.unmarkedAt = stripe.stamp;
                }
            } finally {
                stripe.lock.unlock();
            }
        }
    }

    /** Runs {@code action} on the series of each stripe in turn, as one list, under the stripe's lock. */
    void forEachStripe(Consumer<List<SeriesBuckets>> action) {
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                action.accept(stripe.series.values());
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
                        tags.remove(buckets.series(), buckets.metas());
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
            SeriesBuckets removed = stripe.series.remove(id.value(), hash);
            if (removed != null) {
                tags.remove(id, removed.metas());
            }
            return then.apply(removed);
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
    static int stripeOf(int hash) {
        return (hash ^ hash >>> 16) & (STRIPES - 1);
    }
}
