package io.bucketry.application.port.in;

import io.bucketry.domain.GapFill;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Use case: window aggregates of every series (the alerting query), ordered by series then start. */
public interface AggregateAllSeriesUseCase {

    /**
     * Same parameters as {@link AggregateSeriesUseCase#aggregate}, without a series. A fill answers every
     * aligned window of each series that holds a reading in the range; a series without one is not listed.
     */
    default List<WindowAggregate> aggregateAll(Instant from, Instant to, Duration window, GapFill fill) {
        return aggregateAll(TagFilter.ANY, from, to, window, fill);
    }

    /**
     * As {@link #aggregateAll(Instant, Instant, Duration, GapFill)}, of the readings written with tags that match
     * {@code filter} (a series re-tagged in the range answers for the readings of its matching versions).
     */
    List<WindowAggregate> aggregateAll(TagFilter filter, Instant from, Instant to, Duration window, GapFill fill);

    /** The windows that hold readings, empty ones left out. */
    default List<WindowAggregate> aggregateAll(Instant from, Instant to, Duration window) {
        return aggregateAll(from, to, window, GapFill.none());
    }
}
