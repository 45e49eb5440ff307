package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.LoadReadings;
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
        Objects.requireNonNull(series, "series");
        if (limit < 1) {
            throw new InvalidRequestException("INVALID_LIMIT", "limit " + limit + " must be positive");
        }
        Instant now = ranges.now();
        TimeRange range = ranges.resolve(bounds.from(now), bounds.to(now), now);
        return range == null ? List.of() : store.read(series, range, limit);
    }
}
