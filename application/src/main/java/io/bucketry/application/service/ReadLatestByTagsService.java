package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadLatestByTagsUseCase;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.domain.Reading;
import io.bucketry.domain.TagFilter;

import java.util.List;
import java.util.Objects;

/** Reads the latest unexpired reading of every series whose latest tags match a filter. */
public final class ReadLatestByTagsService implements ReadLatestByTagsUseCase {

    private final LoadReadings store;
    private final QueryRange ranges;

    public ReadLatestByTagsService(LoadReadings store, QueryRange ranges) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
    }

    @Override
    public List<Reading> latest(TagFilter filter, Integer limit) {
        if (filter.isAny()) {
            throw new InvalidRequestException("INVALID_FILTER", "the latest readings by tags need at least one tag"
                    + " condition (tag=key:value); for every series, page through the series listing");
        }
        return store.latest(filter, ranges.oldestKept(ranges.now()), ListSeriesService.limit(limit));
    }
}
