package io.bucketry.application.service;

import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Where the aggregate services take their windows from, as of the request's instant {@code now}:
 * the store alone ({@link #of}), or the store and its rollup tiers ({@link TieredAggregates}), whose
 * choice of source depends on what the raw readings still hold at that instant.
 */
public interface WindowSource {

    /** Window aggregates of one series over {@code range}, as {@link AggregateReadings#aggregate}, stopping past {@code maxWindows}. */
    List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows, Instant now);

    /** Window aggregates of every series over {@code range}, as {@link AggregateReadings#aggregateAll}. */
    List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows, Instant now);

    /** The store's raw windows, the same whatever the instant. */
    static WindowSource of(AggregateReadings store) {
        Objects.requireNonNull(store, "store");
        return new WindowSource() {
            @Override
            public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows,
                                                   Instant now) {
                return store.aggregate(series, range, window, maxWindows);
            }

            @Override
            public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows, Instant now) {
                return store.aggregateAll(range, window, maxWindows);
            }
        };
    }
}
