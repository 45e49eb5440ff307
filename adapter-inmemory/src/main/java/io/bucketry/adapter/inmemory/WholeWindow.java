package io.bucketry.adapter.inmemory;

import io.bucketry.domain.WindowAggregator;

import java.util.Set;

/**
 * When a bucket's summaries can stand for its readings in a window aggregate, so that a sealed bucket
 * is not decoded: the bucket is its group's only bucket and lies in one aggregate window and in the
 * range, and the buckets just before and after lie in that window and range too and hold every
 * numeric field it holds. Then the window's first and last value of each of its fields are theirs,
 * not its own, and count, min, max and sum are all the window needs from it (a summary carries no
 * first or last value).
 */
final class WholeWindow {

    private WholeWindow() {
    }

    static boolean isInside(SeriesBuckets series, int index, WindowAggregator aggregator, long from, long to) {
        if (index == 0 || index + 1 >= series.bucketCount()
                || series.groupEnd(index) != index + 1 || series.groupEnd(index - 1) != index) {
            return false;
        }
        StoredBucket bucket = series.bucket(index);
        StoredBucket before = series.bucket(index - 1);
        StoredBucket after = series.bucket(index + 1);
        long window = aggregator.windowStart(bucket.firstTime());
        if (before.count() == 0 || after.count() == 0 || before.firstTime() < from || after.lastTime() >= to
                || aggregator.windowStart(before.firstTime()) != window
                || aggregator.windowStart(after.lastTime()) != window) {
            return false;
        }
        Set<String> fields = bucket.summaries().keySet();
        return before.summaries().keySet().containsAll(fields) && after.summaries().keySet().containsAll(fields);
    }
}
