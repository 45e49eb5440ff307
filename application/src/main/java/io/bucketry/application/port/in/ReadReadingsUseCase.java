package io.bucketry.application.port.in;

import io.bucketry.application.port.out.ReadingSink;
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

    /**
     * As {@link #read(SeriesId, TimeBounds, int)}, the readings handed to {@code sink} as columns (for answers in
     * columns). The default feeds the readings of the other form; the service reads the store's columns.
     */
    default void read(SeriesId series, TimeBounds bounds, int limit, ReadingSink sink) {
        ReadingSink.feed(read(series, bounds, limit), sink);
    }

    /** As {@link #read(SeriesId, TimeBounds, int)} between two instants, either null. */
    default List<Reading> read(SeriesId series, Instant from, Instant to, int limit) {
        return read(series, TimeBounds.of(from, to), limit);
    }
}
