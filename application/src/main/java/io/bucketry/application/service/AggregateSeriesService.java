package io.bucketry.application.service;

import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Window aggregates of one series; refuses a request that could produce too many windows. */
public final class AggregateSeriesService implements AggregateSeriesUseCase {

    private final ReadingStore store;
    private final QueryRange ranges;
    private final int maxWindows;

    public AggregateSeriesService(ReadingStore store, QueryRange ranges, int maxWindows) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
        this.maxWindows = maxWindows;
    }

    @Override
    public List<WindowAggregate> aggregate(SeriesId series, Instant from, Instant to, Duration window) {
        Objects.requireNonNull(series, "series");
        long width = QueryRange.windowMillis(window);
        TimeRange range = ranges.resolve(from, to);
        if (range == null) {
            return List.of();
        }
        long windows = Math.floorDiv(range.toMilli() - 1, width) - Math.floorDiv(range.fromMilli(), width) + 1;
        if (windows > maxWindows) {
            throw QueryRange.tooManyWindows(windows, maxWindows);
        }
        return store.aggregate(series, range, window);
    }
}
