package io.bucketry.server.influxql;

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
    List<TaggedSeries> series(String measurement, int max);
}
