package io.bucketry.application.port.in;

import io.bucketry.domain.GapFill;
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
    List<WindowAggregate> aggregateAll(TimeBounds bounds, Duration window, GapFill fill);

    /** As {@link #aggregateAll(TimeBounds, Duration, GapFill)} between two instants, either null. */
    default List<WindowAggregate> aggregateAll(Instant from, Instant to, Duration window, GapFill fill) {
        return aggregateAll(TimeBounds.of(from, to), window, fill);
    }

    /** The windows that hold readings, empty ones left out. */
    default List<WindowAggregate> aggregateAll(Instant from, Instant to, Duration window) {
        return aggregateAll(TimeBounds.of(from, to), window, GapFill.none());
    }
}
