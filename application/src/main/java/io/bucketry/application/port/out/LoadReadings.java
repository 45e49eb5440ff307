package io.bucketry.application.port.out;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Outbound port of the read use cases: one series' readings by range, its latest, or a page of them. */
public interface LoadReadings {

    /** Readings of one series with times in {@code range}, in time order, at most {@code limit}. */
    List<Reading> read(SeriesId series, TimeRange range, int limit);

    /**
     * As {@link #read(SeriesId, TimeRange, int)}, each reading handed to {@code sink} ({@link ReadingSink}) rather
     * than answered. The default reads the readings and feeds them one by one; a store that keeps columns or
     * packed rows hands their values over without a reading per row.
     */
    default void read(SeriesId series, TimeRange range, int limit, ReadingSink sink) {
        ReadingSink.feed(read(series, range, limit), sink);
    }

    /** The latest reading of a series at or after {@code notBefore}. */
    Optional<Reading> latest(SeriesId series, Instant notBefore);

    /**
     * Page {@code number} (from 1) of a series: its readings at or after {@code notBefore}, in time
     * order, from index {@code (number - 1) * size} to {@code number * size}; empty past the last page.
     */
    List<Reading> page(SeriesId series, long number, int size, Instant notBefore);

    /**
     * Readings of one series written with tags that match {@code filter}, as {@link #read(SeriesId, TimeRange, int)}.
     * The default answers {@link TagFilter#ANY} and refuses any other filter ({@link TagsUnsupportedException}).
     */
    default List<Reading> read(SeriesId series, TagFilter filter, TimeRange range, int limit) {
        if (!filter.isAny()) {
            throw new TagsUnsupportedException(this instanceof DescribeStore store ? store.backend() : "this",
                    "readings filtered by tags");
        }
        return read(series, range, limit);
    }

    /**
     * The latest reading at or after {@code notBefore} of each series whose latest tags match {@code filter}
     * (not {@link TagFilter#ANY}: "every sensor of building 7 now"), in series id order, at most {@code limit}.
     * The default refuses ({@link TagsUnsupportedException}).
     */
    default List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
        throw new TagsUnsupportedException(this instanceof DescribeStore store ? store.backend() : "this",
                "the latest readings of the series matching tags");
    }
}
