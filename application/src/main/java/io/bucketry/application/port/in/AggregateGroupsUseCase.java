package io.bucketry.application.port.in;

import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.TagFilter;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Use case: window aggregates per group of tag values ("the five-minute average per building"), each
 * reading in the group of the tags it was written with, merged exactly across the group's series
 * ({@link io.bucketry.domain.GroupAggregator}); groups in {@link io.bucketry.domain.TagGroup} order.
 */
public interface AggregateGroupsUseCase {

    /**
     * Same parameters as {@link AggregateSeriesUseCase#aggregate}, of the readings written with tags that match
     * {@code filter}, grouped by {@code groupBy}. A fill answers every aligned window of each group that holds a
     * reading in the range; maxWindows counts groups × windows.
     *
     * @throws InvalidRequestException as {@link AggregateSeriesUseCase#aggregate}
     */
    List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, Instant from, Instant to, Duration window,
                                       GapFill fill);
}
