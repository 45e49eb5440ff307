package io.bucketry.application.port.in;

import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Use case: window aggregates of every series (the alerting query), ordered by series then start. */
public interface AggregateAllSeriesUseCase {

    /** Same parameters as {@link AggregateSeriesUseCase#aggregate}, without a series. */
    List<WindowAggregate> aggregateAll(Instant from, Instant to, Duration window);
}
