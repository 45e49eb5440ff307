package io.bucketry.application.service;

import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Window aggregates of one series; refuses a request that produces too many windows; fills gaps on request. */
public final class AggregateSeriesService implements AggregateSeriesUseCase {

    private final WindowSource store;
    private final WindowRanges ranges;
    private final QueryRange raw;
    private final int maxWindows;
    private final GapFilling filling;

    public AggregateSeriesService(AggregateReadings store, QueryRange ranges, int maxWindows) {
        this(WindowSource.of(store), WindowRanges.of(Objects.requireNonNull(ranges, "ranges")), ranges, maxWindows);
    }

    /**
     * With {@code ranges} that may reach past the raw retention into rollup tiers, served by {@code store};
     * a fill looks for neighbour windows within {@code raw}, the raw readings' range, whose clock gives
     * each request its one instant.
     */
    public AggregateSeriesService(WindowSource store, WindowRanges ranges, QueryRange raw, int maxWindows) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
        this.raw = raw;
        this.maxWindows = maxWindows;
        this.filling = new GapFilling(store, raw, maxWindows);
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeBounds bounds, Duration window,
                                           GapFill fill) {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(filter, "filter");
        WindowRequest request = WindowRequest.of(ranges, raw, bounds, window, fill);
        TimeRange range = request.range();
        if (range == null) {
            return List.of();
        }
        Instant now = request.now();
        // empty windows are omitted, so what counts is what the series' readings produce, not the range;
        // the store stops past maxWindows, so a refused request costs no more than an allowed one
        List<WindowAggregate> windows = store.aggregate(series, filter, range, window, maxWindows, now);
        if (windows.size() > maxWindows) {
            throw QueryRange.tooManyWindows(maxWindows, maxWindows);   // the store stopped: "more than"
        }
        return filling.ofSeries(series, filter, range, window, fill, windows, now);
    }
}
