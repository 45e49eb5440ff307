package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;

import java.util.Objects;

/** A window of the finest rollup tier of one series, named by its start in epoch milliseconds. */
public record RollupKey(SeriesId series, long start) {

    public RollupKey {
        Objects.requireNonNull(series, "series");
    }
}
