package io.bucketry.application.port.out;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Outbound port of the read use cases: one series' readings by range, its latest, or a page of them. */
public interface LoadReadings {

    /** Readings of one series with times in {@code range}, in time order, at most {@code limit}. */
    List<Reading> read(SeriesId series, TimeRange range, int limit);

    /** The latest reading of a series at or after {@code notBefore}. */
    Optional<Reading> latest(SeriesId series, Instant notBefore);

    /**
     * Page {@code number} (from 1) of a series: its readings at or after {@code notBefore}, in time
     * order, from index {@code (number - 1) * size} to {@code number * size}; empty past the last page.
     */
    List<Reading> page(SeriesId series, long number, int size, Instant notBefore);
}
