package io.bucketry.application.port.in;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.List;

/** Use case: the readings of one series in {@code [from, to)}, in time order. */
public interface ReadReadingsUseCase {

    /**
     * @param from inclusive start, or null for the oldest kept reading
     * @param to exclusive end, or null for no end
     * @param limit at most this many readings (the earliest), positive
     */
    List<Reading> read(SeriesId series, Instant from, Instant to, int limit);
}
