package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.Comparator;
import java.util.List;

/**
 * A series' buckets under a paged policy: a group is one page of at most the page size readings,
 * starting at its first reading's time; a late reading into a full page splits it in two.
 */
final class PagedSeriesBuckets extends SeriesBuckets {

    PagedSeriesBuckets(SeriesId series, BucketPolicy.Paged policy, Sealing sealing) {
        super(series, policy, sealing);
    }

    @Override
    boolean add(Reading reading) {
        long time = reading.epochMilli();
        if (size == 0) {
            return open(0, time, 0, reading);
        }
        int index = Math.max(0, search(time, true, false) - 1);
        StoredBucket target = buckets[index];
        PackedBucket.Outcome outcome = addTo(index, reading);
        if (outcome != PackedBucket.Outcome.FULL) {
            return outcome == PackedBucket.Outcome.ADDED;
        }
        if (index == size - 1 && time > target.lastTime()) {
            open(size, time, 0, reading);
            // a full page takes in-order readings no more: sealed when the seal policy allows, else trimmed
            if (!SeriesSealing.sealIfSealable(this, index) && buckets[index] instanceof PackedBucket full) {
                full.trimToSize();
            }
            return true;
        }
        splitAndAdd(index, reading);
        return true;
    }

    /** A late reading into a full page: the page and the reading become two half-full pages. */
    private void splitAndAdd(int index, Reading reading) {
        List<Reading> readings = rows(index).readings();
        readings.add(reading);
        readings.sort(Comparator.comparingLong(Reading::epochMilli));
        int half = readings.size() / 2;
        List<Reading> left = readings.subList(0, half);
        List<Reading> right = readings.subList(half, readings.size());
        buckets[index] = PackedBucket.restore(series(), left.get(0).epochMilli(), 0, policy, left);
        starts[index] = buckets[index].start();
        insertAt(index + 1, PackedBucket.restore(series(), right.get(0).epochMilli(), 0, policy, right));
    }

    @Override
    int firstIndexFor(long from) {
        return Math.max(0, search(from, true, false) - 1);
    }

    @Override
    long lowKey(StoredBucket bucket) {
        return bucket.firstTime();
    }

    @Override
    int groupEnd(int index) {
        return index + 1;
    }

    @Override
    int latestGroupStart() {
        return size - 1;
    }
}
