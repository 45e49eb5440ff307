package io.bucketry.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The window aggregates of the readings whose tags match a filter, from rollup tier slices handed flat
 * ({@link TierSliceSink}): per series and tier window, the matching slices merged ({@link TierWindow#whole}), in
 * the order they come. Stops the read once it holds {@code limit} windows (the answer is refused then).
 */
public final class TierMatches implements TierSliceSink {

    private final TagFilter filter;
    private final long limit;
    private final List<WindowAggregate> windows = new ArrayList<>();
    private final List<TierSlice> slices = new ArrayList<>();
    private SeriesId series;
    private long start;
    private long end;

    public TierMatches(TagFilter filter, long limit) {
        this.filter = filter;
        this.limit = limit;
    }

    @Override
    public void series(SeriesId next) {
        flush();
        series = next;
    }

    @Override
    public boolean slice(long from, long to, Tags tags, FieldSchema fields, long[] values, int at) {
        if (!filter.matches(tags)) {
            return true;
        }
        if (from != start || slices.isEmpty()) {
            flush();
            if (windows.size() >= limit) {
                return false;
            }
            start = from;
            end = to;
        }
        slices.add(FlatSlices.read(tags, fields, values, at));
        return true;
    }

    private void flush() {
        if (!slices.isEmpty()) {
            windows.add(new TierWindow(series, Instant.ofEpochMilli(start), Instant.ofEpochMilli(end), slices).whole());
            slices.clear();
        }
    }

    /** The windows, by series then start as the slices came. */
    public List<WindowAggregate> result() {
        flush();
        return windows;
    }
}
