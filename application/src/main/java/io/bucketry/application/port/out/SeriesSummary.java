package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.time.Instant;
import java.util.Objects;

/**
 * One series as a listing shows it: its id and, where the store knows them without reading the
 * series' buckets, how many unexpired readings it holds and the times of its first and last.
 *
 * @param readings null where the store cannot tell cheaply (then so are first and last)
 * @param meta the series' latest measurement and tags (those of its latest reading by time);
 *        {@link SeriesMeta#NONE} where it has none or the store keeps none
 */
public record SeriesSummary(SeriesId series, Long readings, Instant first, Instant last, SeriesMeta meta) {

    public SeriesSummary {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(meta, "meta");
        if ((readings == null) != (first == null) || (first == null) != (last == null)) {
            throw new IllegalArgumentException("series " + series + ": readings, first and last are known together or not at all");
        }
    }

    /** A series without meta. */
    public SeriesSummary(SeriesId series, Long readings, Instant first, Instant last) {
        this(series, readings, first, last, SeriesMeta.NONE);
    }

    /** A series whose store lists ids only. */
    public static SeriesSummary idOnly(SeriesId series) {
        return new SeriesSummary(series, null, null, null);
    }
}
