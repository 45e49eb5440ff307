package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadPageUseCase;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Reads page N of a series' unexpired readings in time order. */
public final class ReadPageService implements ReadPageUseCase {

    private final LoadReadings store;
    private final QueryRange ranges;
    private final int defaultPageSize;

    public ReadPageService(LoadReadings store, QueryRange ranges, int defaultPageSize) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
        this.defaultPageSize = defaultPageSize;
    }

    @Override
    public Optional<List<Reading>> page(SeriesId series, long number, Integer size) {
        Objects.requireNonNull(series, "series");
        if (number < 1) {
            throw new InvalidRequestException("INVALID_PAGE", "page number " + number + " must be 1 or more");
        }
        int pageSize = size == null ? defaultPageSize : size;
        if (pageSize < 1 || pageSize > BucketPolicy.MAX_COUNT_LIMIT) {
            throw new InvalidRequestException("INVALID_PAGE_SIZE", "page size " + pageSize
                    + " must be between 1 and " + BucketPolicy.MAX_COUNT_LIMIT);
        }
        if (number > Long.MAX_VALUE / pageSize) {
            // the page's end index, number × size, would not fit a long: no series is that long
            return Optional.empty();
        }
        List<Reading> page = store.page(series, number, pageSize, ranges.oldestKept(ranges.now()));
        return page.isEmpty() ? Optional.empty() : Optional.of(page);
    }
}
