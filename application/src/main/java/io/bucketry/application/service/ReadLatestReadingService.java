package io.bucketry.application.service;

import io.bucketry.application.port.in.ReadLatestReadingUseCase;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.Objects;
import java.util.Optional;

/** Reads the latest unexpired reading of one series. */
public final class ReadLatestReadingService implements ReadLatestReadingUseCase {

    private final LoadReadings store;
    private final QueryRange ranges;

    public ReadLatestReadingService(LoadReadings store, QueryRange ranges) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
    }

    @Override
    public Optional<Reading> latest(SeriesId series) {
        return store.latest(Objects.requireNonNull(series, "series"), ranges.oldestKept(ranges.now()));
    }
}
