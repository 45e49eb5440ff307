package io.bucketry.application.port.in;

import io.bucketry.domain.TagFilter;

/** Use case: which series exist, in id order, a page at a time. */
public interface ListSeriesUseCase {

    int DEFAULT_LIMIT = 100;
    int MAX_LIMIT = 1000;

    /**
     * Series whose id starts with {@code prefix} (null or empty: every series) and comes after
     * {@code after} (the previous page's cursor; null for the first page), at most {@code limit}
     * (null: {@value #DEFAULT_LIMIT}).
     *
     * @throws InvalidRequestException INVALID_PREFIX, INVALID_CURSOR or INVALID_LIMIT
     */
    default SeriesPage list(String prefix, String after, Integer limit) {
        return list(TagFilter.ANY, prefix, after, limit);
    }

    /** As {@link #list(String, String, Integer)}, only the series whose latest tags match {@code filter}. */
    SeriesPage list(TagFilter filter, String prefix, String after, Integer limit);
}
