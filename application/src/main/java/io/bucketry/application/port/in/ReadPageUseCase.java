package io.bucketry.application.port.in;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.List;
import java.util.Optional;

/** Use case: page N (from 1) of a series — readings [(N-1)·size, N·size) in time order (seed 001). */
public interface ReadPageUseCase {

    /**
     * @param size page size, or null for the configured default page size
     * @return the page, or empty past the last page
     */
    Optional<List<Reading>> page(SeriesId series, long number, Integer size);
}
