package io.bucketry.server.influxql;

import io.bucketry.domain.TagFilter;

import java.util.List;

/**
 * Where the InfluxQL executor learns which series exist under which measurement and tags: the one seam
 * between InfluxQL and how Bucketry keeps a series' metadata.
 */
public interface SeriesDirectory {

    /**
     * The series of {@code measurement} (null: of every measurement), ordered by measurement then id; at most
     * {@code max}, else a {@link QueryException} saying the statement would read too many series.
     */
    default List<TaggedSeries> series(String measurement, int max) {
        return series(measurement, TagFilter.ANY, max);
    }

    /**
     * As {@link #series(String, int)}, only those whose kept tags match {@code filter} (the store filters);
     * a {@link io.bucketry.application.port.out.TagsUnsupportedException} from a store that keeps no tags.
     */
    List<TaggedSeries> series(String measurement, TagFilter filter, int max);

    /**
     * The series of every measurement whose kept tags match {@code filter}, as the store-wide tag-filtered
     * aggregates read them; null when there are more than {@code max}.
     */
    List<TaggedSeries> matching(TagFilter filter, int max);
}
