package io.bucketry.adapter.inmemory;

import io.bucketry.domain.SubWindows;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Window aggregates of the in-memory store's series: one series', or every series' in id order, each
 * from its buckets (a sealed bucket by its summaries where they suffice, {@link WholeWindow}), or from
 * their sub-window summaries where those answer the window ({@link SubWindowAggregates}).
 */
final class SeriesAggregates {

    private SeriesAggregates() {
    }

    /**
     * The windows of {@code buckets} in {@code range}; {@code subWindows} the policy's sub-windows. Once past
     * {@code maxWindows} windows no further bucket is read, so the answer holds at most one bucket's windows more.
     */
    static List<WindowAggregate> of(SeriesBuckets buckets, SubWindows subWindows, TimeRange range, Duration window,
                                    int maxWindows) {
        return fed(buckets, subWindows, range, window, maxWindows).result();
    }

    /** Every window of {@code buckets} in {@code range}. */
    static List<WindowAggregate> of(SeriesBuckets buckets, SubWindows subWindows, TimeRange range, Duration window) {
        return of(buckets, subWindows, range, window, Integer.MAX_VALUE);
    }

    /** An aggregator fed the windows of {@code buckets} in {@code range}, as {@link #of} answers them. */
    static WindowAggregator fed(SeriesBuckets buckets, SubWindows subWindows, TimeRange range, Duration window,
                                int maxWindows) {
        WindowAggregator aggregator = new WindowAggregator(buckets.series(), window);
        if (subWindows.answers(window)) {
            SubWindowAggregates.aggregate(buckets, aggregator, range.fromMilli(), range.toMilli(), maxWindows);
        } else {
            aggregate(buckets, aggregator, range.fromMilli(), range.toMilli(), maxWindows);
        }
        return aggregator;
    }

    /** Feeds the readings of {@code series} in {@code [from, to)}; a sealed bucket inside one window, by its summaries where they suffice. */
    private static void aggregate(SeriesBuckets series, WindowAggregator aggregator, long from, long to, int maxWindows) {
        for (int i = series.firstIndexFor(from);
             i < series.size && series.lowKey(series.buckets[i]) < to && aggregator.windowCount() <= maxWindows; i++) {
            if (series.buckets[i] instanceof SealedColumns sealed && WholeWindow.isInside(series, i, aggregator, from, to)) {
                WindowAggregator.Window window = aggregator.windowAt(sealed.firstTime());
                window.countReadings(sealed.count());
                sealed.summaries().forEach(window::summary);
            } else {
                series.rows(i, DecodedColumns.Need.NUMBERS).aggregateInto(aggregator, from, to);
            }
        }
    }

    /** The windows of every series in {@code range}, by series id; once past {@code maxWindows}, the rest is skipped. */
    static List<WindowAggregate> ofAll(StripedSeries series, SubWindows subWindows, TimeRange range, Duration window,
                                       int maxWindows) {
        // one pass over the stripes, each series aggregated under its stripe's lock where it is found (no
        // second lookup by id), then the series put in id order; past maxWindows the rest is skipped
        List<SeriesWindows> bySeries = new ArrayList<>();
        int[] total = {0};
        series.forEach(buckets -> {
            if (total[0] <= maxWindows) {
                List<WindowAggregate> windows = of(buckets, subWindows, range, window, maxWindows - total[0]);
                if (!windows.isEmpty()) {
                    bySeries.add(new SeriesWindows(buckets, windows));
                    total[0] += windows.size();
                }
            }
        });
        List<WindowAggregate> out = new ArrayList<>(total[0]);
        for (SeriesWindows found : series.order.inIdOrder(bySeries, SeriesWindows::series)) {
            out.addAll(found.windows());
        }
        return out;
    }

    private record SeriesWindows(SeriesBuckets series, List<WindowAggregate> windows) {
    }
}
