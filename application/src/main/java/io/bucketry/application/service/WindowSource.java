package io.bucketry.application.service;

import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
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
    default List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows, Instant now) {
        return aggregate(series, TagFilter.ANY, range, window, maxWindows, now);
    }

    /** Window aggregates of every series over {@code range}, as {@link AggregateReadings#aggregateAll}. */
    default List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows, Instant now) {
        return aggregateAll(TagFilter.ANY, range, window, maxWindows, now);
    }

    /** Window aggregates of one series' readings written with tags that match {@code filter}. */
    List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window, int maxWindows,
                                    Instant now);

    /** Window aggregates of every series' readings written with tags that match {@code filter}, by series then start. */
    List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows, Instant now);

    /** Windows per group, as {@link AggregateReadings#aggregateGroups}. */
    List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                       int maxWindows, Instant now);

    /** The store's raw windows, the same whatever the instant. */
    static WindowSource of(AggregateReadings store) {
        Objects.requireNonNull(store, "store");
        return new WindowSource() {
            @Override
            public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                                   int maxWindows, Instant now) {
                return filter.isAny() ? store.aggregate(series, range, window, maxWindows)
                        : store.aggregate(series, filter, range, window, maxWindows);
            }

            @Override
            public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows,
                                                      Instant now) {
                return filter.isAny() ? store.aggregateAll(range, window, maxWindows)
                        : store.aggregateAll(filter, range, window, maxWindows);
            }

            @Override
            public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range,
                                                      Duration window, int maxWindows, Instant now) {
                return store.aggregateGroups(filter, groupBy, range, window, maxWindows);
            }
        };
    }
}
