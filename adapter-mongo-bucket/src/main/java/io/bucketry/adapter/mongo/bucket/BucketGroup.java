package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.Reading;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The buckets of one series with the same start (a window, or a page and its overflow): groups
 * never overlap in time, so readings in group order are in time order; inside a group they are
 * merged. In the sealed layout a group may hold one reading twice for a moment (a sealed document
 * and the row documents it was folded from, see {@link WindowSealer}): the merge keeps each time
 * once, from a sealed document first, else from the lowest seq (the first stored).
 */
record BucketGroup(long start, List<StoredBucket> buckets) {

    /** Groups consecutive buckets (sorted by series, start, seq) of equal series and start. */
    static List<BucketGroup> of(Iterable<StoredBucket> sorted) {
        List<BucketGroup> groups = new ArrayList<>();
        List<StoredBucket> current = null;
        StoredBucket previous = null;
        for (StoredBucket bucket : sorted) {
            if (previous == null || previous.start() != bucket.start() || !previous.series().equals(bucket.series())) {
                current = new ArrayList<>();
                groups.add(new BucketGroup(bucket.start(), current));
            }
            current.add(bucket);
            previous = bucket;
        }
        return groups;
    }

    long count() {
        long count = 0;
        for (StoredBucket bucket : buckets) {
            count += bucket.count();
        }
        return count;
    }

    long first() {
        return buckets.stream().mapToLong(StoredBucket::first).min().orElseThrow();
    }

    long last() {
        return buckets.stream().mapToLong(StoredBucket::last).max().orElseThrow();
    }

    /** The group's projected readings in {@code [from, to)}, in time order. */
    List<Reading> readingsIn(long from, long to) {
        if (buckets.size() == 1) {
            return buckets.get(0).readingsIn(from, to);
        }
        List<StoredBucket> ranked = new ArrayList<>(buckets);
        ranked.sort(Comparator.comparing((StoredBucket bucket) -> !bucket.sealed()).thenComparingInt(StoredBucket::seq));
        List<Reading> merged = new ArrayList<>();
        for (StoredBucket bucket : ranked) {
            merged.addAll(bucket.readingsIn(from, to));
        }
        // A stable sort keeps the first ranked of equal times first.
        merged.sort(Comparator.comparingLong(Reading::epochMilli));
        List<Reading> unique = new ArrayList<>(merged.size());
        for (Reading reading : merged) {
            if (unique.isEmpty() || unique.get(unique.size() - 1).epochMilli() != reading.epochMilli()) {
                unique.add(reading);
            }
        }
        return unique;
    }

    /**
     * True when the buckets' counts may count a reading twice: a sealed document beside others (a
     * fold in progress or cut short), so the count and the summaries are exact only after reading.
     */
    boolean mayOverlap() {
        return buckets.size() > 1 && buckets.stream().anyMatch(StoredBucket::sealed);
    }
}
