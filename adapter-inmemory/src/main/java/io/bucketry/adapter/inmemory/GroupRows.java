package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.GroupAggregator;

/**
 * Feeds the rows of open buckets in a time range straight into a {@link GroupAggregator}: no reading,
 * window or accumulator object per series. A grouped query mostly asks for the last minutes of every
 * series, the last rows of its latest bucket, so the first row in range is searched from the end: the
 * probes then land on the rows read next anyway, where a binary search over the bucket would first
 * touch its middle, memory the query does not otherwise read.
 */
final class GroupRows {

    private GroupRows() {
    }

    /**
     * True when every bucket of {@code series} that may hold a reading in {@code [from, to)} is open: then
     * {@link #feed} reads them all from their rows.
     */
    static boolean allOpen(SeriesBuckets series, long from, long to) {
        for (int i = firstIndex(series, from); i < series.size && series.lowKey(series.buckets[i]) < to; i++) {
            if (!(series.buckets[i] instanceof PackedBucket)) {
                return false;
            }
        }
        return true;
    }

    /** Feeds the readings of {@code series} in {@code [from, to)}, whose buckets there are all open ({@link #allOpen}). */
    static void feed(SeriesBuckets series, GroupAggregator aggregator, long from, long to) {
        for (int i = firstIndex(series, from); i < series.size && series.lowKey(series.buckets[i]) < to; i++) {
            feed((PackedBucket) series.buckets[i], aggregator, from, to);
        }
    }

    /**
     * {@link SeriesBuckets#firstIndexFor}, under a windowed policy searched from the last bucket back: the
     * buckets it passes are the ones read next, where a binary search first reads the middle of the series.
     */
    static int firstIndex(SeriesBuckets series, long from) {
        if (!(series instanceof WindowedSeriesBuckets windowed)) {
            return series.firstIndexFor(from);
        }
        long start = windowed.windowStart(from);
        int index = series.size;
        while (index > 0 && series.starts[index - 1] >= start) {
            index--;
        }
        return index;
    }

    /**
     * Reads what {@link #feed} reads first of {@code series} (its last bucket's start, its latest bucket's
     * last row and column names) and answers something of it: called for several series before feeding any,
     * so that their cache misses overlap instead of following one another.
     */
    static long touch(SeriesBuckets series) {
        long touched = series.size == 0 ? 0 : series.starts[series.size - 1];
        if (series.tail instanceof PackedBucket open && open.rowCount() > 0) {
            touched += open.time(open.rowCount() - 1) + open.schema().size();
        }
        return touched;
    }

    private static void feed(PackedRows rows, GroupAggregator aggregator, long from, long to) {
        int count = rows.rowCount();
        int end = count == 0 || rows.time(count - 1) < to ? count : rows.firstRowAtOrAfter(to);
        FieldSchema names = rows.schema();
        int columns = rows.columns();
        for (int i = firstFromEnd(rows, from, end); i < end; i++) {
            long time = rows.time(i);
            aggregator.reading(time);
            for (int column = 0; column < columns; column++) {
                if (rows.isNumber(i, column)) {
                    aggregator.value(names, column, time, rows.number(i, column));
                }
            }
        }
    }

    /**
     * The first of the rows before {@code end} at or after {@code from}: probes 1, 2, 4, … rows back from
     * {@code end} until one is before {@code from}, then searches between the last two probes.
     */
    static int firstFromEnd(RowTable rows, long from, int end) {
        int high = end;   // rows [high, end) are at or after from
        int low = 0;      // rows before low are before from
        for (int step = 1; high > 0; step <<= 1) {
            int probe = Math.max(high - step, 0);
            if (rows.time(probe) < from) {
                low = probe + 1;
                break;
            }
            high = probe;
        }
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (rows.time(mid) < from) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
