package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Reads a time range of one series, never past retention. */
public final class ReadReadingsService implements ReadReadingsUseCase {

    private final LoadReadings store;
    private final QueryRange ranges;

    public ReadReadingsService(LoadReadings store, QueryRange ranges) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
    }

    @Override
    public List<Reading> read(SeriesId series, TimeBounds bounds, int limit) {
        TimeRange range = range(series, bounds, limit);
        return range == null ? List.of() : store.read(series, range, limit);
    }

    @Override
    public void read(SeriesId series, TimeBounds bounds, int limit, ReadingSink sink) {
        Objects.requireNonNull(sink, "sink");
        TimeRange range = range(series, bounds, limit);
        if (range != null) {
            store.read(series, range, limit, sink);
        }
    }

    /** The range to read at the request's one instant, or null when retention leaves none. */
    private TimeRange range(SeriesId series, TimeBounds bounds, int limit) {
        Objects.requireNonNull(series, "series");
        if (limit < 1) {
            throw new InvalidRequestException("INVALID_LIMIT", "limit " + limit + " must be positive");
        }
        Instant now = ranges.now();
        return ranges.resolve(bounds.from(now), bounds.to(now), now);
    }
}
