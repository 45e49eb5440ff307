package io.bucketry.application.service;

import io.bucketry.application.port.in.AggregateGroupsUseCase;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Window aggregates per group of tag values; refuses a request whose groups × windows are too many; fills gaps per group. */
public final class AggregateGroupsService implements AggregateGroupsUseCase {

    private final WindowSource store;
    private final WindowRanges ranges;
    private final QueryRange raw;
    private final int maxWindows;
    private final GapFilling filling;

    /** As {@link AggregateAllSeriesService#AggregateAllSeriesService(WindowSource, WindowRanges, QueryRange, int)}. */
    public AggregateGroupsService(WindowSource store, WindowRanges ranges, QueryRange raw, int maxWindows) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
        this.raw = raw;
        this.maxWindows = maxWindows;
        this.filling = new GapFilling(store, raw, maxWindows);
    }

    @Override
    public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeBounds bounds,
                                              Duration window, GapFill fill) {
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(groupBy, "groupBy");
        WindowRequest request = WindowRequest.of(ranges, raw, bounds, window, fill);
        TimeRange range = request.range();
        if (range == null) {
            return List.of();
        }
        Instant now = request.now();
        List<GroupWindows> groups = store.aggregateGroups(filter, groupBy, range, window, maxWindows, now);
        long windows = groups.stream().mapToLong(group -> group.windows().size()).sum();
        if (windows > maxWindows) {
            throw QueryRange.tooManyWindows(maxWindows, maxWindows);
        }
        return filling.ofGroups(filter, groupBy, range, window, fill, groups, now);
    }
}
