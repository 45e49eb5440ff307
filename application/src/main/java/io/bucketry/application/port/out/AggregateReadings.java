package io.bucketry.application.port.out;

import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.util.List;

/**
 * Outbound port of the aggregation use cases: window aggregates of one series or of all, filtered by
 * the tags each reading was written with, or merged per group of tag values. The tag methods' defaults
 * answer {@link TagFilter#ANY} with the untagged methods and refuse anything else
 * ({@link TagsUnsupportedException}): what a store without {@link Capability#TAGS} can do.
 */
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

    /**
     * Window aggregates of the readings of one series written with tags that match {@code filter}; as
     * {@link #aggregate(SeriesId, TimeRange, Duration, int)}, a store may stop once past {@code maxWindows}.
     */
    default List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                            int maxWindows) {
        requireAny(filter, "aggregates filtered by tags");
        return aggregate(series, range, window, maxWindows);
    }

    /** As {@link #aggregateAll(TimeRange, Duration, int)}, of the readings written with tags that match {@code filter}. */
    default List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        requireAny(filter, "aggregates filtered by tags");
        return aggregateAll(range, window, maxWindows);
    }

    /**
     * Windows per group of the readings written with tags that match {@code filter}, each reading in the
     * group of the tags it was written with, merged as {@link io.bucketry.domain.GroupAggregator} states;
     * groups in {@link io.bucketry.domain.TagGroup} order. A store may stop once more than
     * {@code maxWindows} windows (over all groups) are found: the caller refuses such a request.
     */
    default List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                               int maxWindows) {
        throw new TagsUnsupportedException(backendName(), "aggregates grouped by tags");
    }

    /** The backend's name for a refusal ({@link DescribeStore#backend()} where the store has it). */
    private String backendName() {
        return this instanceof DescribeStore store ? store.backend() : "this";
    }

    private void requireAny(TagFilter filter, String asked) {
        if (!filter.isAny()) {
            throw new TagsUnsupportedException(backendName(), asked);
        }
    }
}
