package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.Reading;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The buckets of one series with the same start (a window, or a page and its overflow): groups
 * never overlap in time, so readings in group order are in time order; inside a group they are
 * merged.
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
        List<Reading> merged = new ArrayList<>();
        for (StoredBucket bucket : buckets) {
            merged.addAll(bucket.readingsIn(from, to));
        }
        merged.sort(Comparator.comparingLong(Reading::epochMilli));
        return merged;
    }
}
