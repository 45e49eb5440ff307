package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.util.List;

/** Outbound port of the aggregation use cases: window aggregates of one series or of all. */
public interface AggregateReadings {

    /**
     * Window aggregates of one series over {@code range}; windows aligned to multiples of {@code window}.
     * A store may stop once it has built more than {@code maxWindows} windows (it may overshoot by the
     * windows of one bucket): the caller refuses such a request, so its cost is bounded before it is built.
     */
    List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows);

    /** Every window of one series over {@code range}: for callers whose range bounds the windows already. */
    default List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window) {
        return aggregate(series, range, window, Integer.MAX_VALUE);
    }

    /**
     * Window aggregates of every series over {@code range}, ordered by series then window start.
     * A store may stop after {@code maxWindows + 1} windows: the caller refuses such a request.
     */
    List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows);
}
