package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.WindowAggregator;

/**
 * Window aggregates from sub-window summaries ({@link SubWindowSummaries}), for windows that are
 * whole multiples of the sub-window ({@link io.bucketry.domain.SubWindows#answers}): a sub-window
 * inside the range is fed as its reading count and spans, open or sealed, without reading a
 * reading; one that a range edge cuts is fed its readings in the range (a sealed bucket is decoded
 * for that, once). A bucket without summaries (restored from elsewhere) is fed its readings.
 */
final class SubWindowAggregates {

    private SubWindowAggregates() {
    }

    /**
     * Feeds the readings of {@code series} in {@code [from, to)} into {@code aggregator}, whose windows the summaries
     * answer; stops at the first bucket after the aggregator holds more than {@code maxWindows} windows.
     */
    static void aggregate(SeriesBuckets series, WindowAggregator aggregator, long from, long to, int maxWindows) {
        for (int i = series.firstIndexFor(from);
             i < series.bucketCount() && series.lowKey(series.bucket(i)) < to && aggregator.windowCount() <= maxWindows; i++) {
            StoredBucket bucket = series.bucket(i);
            SubWindowSummaries summaries = summariesOf(bucket);
            if (summaries == null) {
                series.rows(i, DecodedColumns.Need.NUMBERS).aggregateInto(aggregator, from, to);
            } else {
                aggregate(series, i, summaries, namesOf(bucket), aggregator, from, to);
            }
        }
    }

    private static void aggregate(SeriesBuckets series, int index, SubWindowSummaries summaries, FieldSchema names,
                                  WindowAggregator aggregator, long from, long to) {
        BucketRows rows = null;
        for (int sub = 0; sub < summaries.perBucket(); sub++) {
            long start = summaries.start(sub);
            long end = start + summaries.widthMillis();
            if (summaries.readings(sub) == 0 || end <= from || start >= to) {
                continue;
            }
            if (start >= from && end <= to) {
                WindowAggregator.Window window = aggregator.windowAt(start);
                window.countReadings(summaries.readings(sub));
                for (int column = 0; column < summaries.columns(); column++) {
                    FieldSpan span = summaries.span(sub, column);
                    if (span != null) {
                        window.span(names.name(column), span);
                    }
                }
            } else {
                if (rows == null) {
                    rows = series.rows(index, DecodedColumns.Need.NUMBERS);
                }
                rows.aggregateInto(aggregator, Math.max(from, start), Math.min(to, end));
            }
        }
    }

    private static SubWindowSummaries summariesOf(StoredBucket bucket) {
        return bucket instanceof PackedBucket open ? open.subWindows() : ((SealedColumns) bucket).subWindows();
    }

    private static FieldSchema namesOf(StoredBucket bucket) {
        return bucket instanceof PackedBucket open ? open.schema() : ((SealedColumns) bucket).names();
    }
}
