package io.bucketry.application.port.in;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Use case: window aggregates (count, min, max, sum, avg, first, last) of one series. */
public interface AggregateSeriesUseCase {

    /**
     * @param from inclusive start, or null for the oldest kept reading
     * @param to exclusive end, or null for no end
     * @param window window size; windows are aligned to multiples of it since the epoch
     */
    List<WindowAggregate> aggregate(SeriesId series, Instant from, Instant to, Duration window);
}
