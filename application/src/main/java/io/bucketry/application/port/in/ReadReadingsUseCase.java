package io.bucketry.application.port.in;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.List;

/** Use case: the readings of one series in {@code [from, to)}, in time order. */
public interface ReadReadingsUseCase {

    /**
     * @param bounds inclusive start (none: the oldest kept reading) and exclusive end (none: no end), either
     *        relative to the request's instant
     * @param limit at most this many readings (the earliest), positive
     */
    List<Reading> read(SeriesId series, TimeBounds bounds, int limit);

    /** As {@link #read(SeriesId, TimeBounds, int)} between two instants, either null. */
    default List<Reading> read(SeriesId series, Instant from, Instant to, int limit) {
        return read(series, TimeBounds.of(from, to), limit);
    }
}
