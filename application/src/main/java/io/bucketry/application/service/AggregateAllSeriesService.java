package io.bucketry.application.service;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Window aggregates of every series; refuses a request that produces too many windows; fills gaps on request. */
public final class AggregateAllSeriesService implements AggregateAllSeriesUseCase {

    private final WindowSource store;
    private final WindowRanges ranges;
    private final QueryRange raw;
    private final int maxWindows;
    private final GapFilling filling;

    public AggregateAllSeriesService(AggregateReadings store, QueryRange ranges, int maxWindows) {
        this(WindowSource.of(store), WindowRanges.of(Objects.requireNonNull(ranges, "ranges")), ranges, maxWindows);
    }

    /**
     * With {@code ranges} that may reach past the raw retention into rollup tiers, served by {@code store};
     * a fill looks for neighbour windows within {@code raw}, the raw readings' range, whose clock gives
     * each request its one instant.
     */
    public AggregateAllSeriesService(WindowSource store, WindowRanges ranges, QueryRange raw, int maxWindows) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
        this.raw = raw;
        this.maxWindows = maxWindows;
        this.filling = new GapFilling(store, raw, maxWindows);
    }

    @Override
    public List<WindowAggregate> aggregateAll(TagFilter filter, TimeBounds bounds, Duration window, GapFill fill) {
        Objects.requireNonNull(filter, "filter");
        WindowRequest request = WindowRequest.of(ranges, raw, bounds, window, fill);
        TimeRange range = request.range();
        if (range == null) {
            return List.of();
        }
        Instant now = request.now();
        List<WindowAggregate> windows = store.aggregateAll(filter, range, window, maxWindows, now);
        if (windows.size() > maxWindows) {
            // the store may have stopped after maxWindows + 1, so its count is no total: say "more than"
            throw QueryRange.tooManyWindows(maxWindows, maxWindows);
        }
        return filling.ofAll(filter, range, window, fill, windows, now);
    }
}
