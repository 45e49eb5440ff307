package io.bucketry.application.service;

import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.SeriesPage;
import io.bucketry.application.port.out.DescribeStore;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;

import java.time.Instant;

import java.util.List;
import java.util.Objects;

/** Lists series a page at a time: asks the store for one more than the page holds, to know whether another follows. */
public final class ListSeriesService implements ListSeriesUseCase {

    private final DescribeStore store;
    private final QueryRange ranges;

    public ListSeriesService(DescribeStore store, QueryRange ranges) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
    }

    @Override
    public SeriesPage list(TagFilter filter, String prefix, String after, Integer limit) {
        Objects.requireNonNull(filter, "filter");
        String validPrefix = SeriesPaging.prefix(prefix);
        SeriesId cursor = SeriesPaging.cursor(after);
        int size = limit(limit);
        Instant notBefore = ranges.oldestKept(ranges.now());
        List<SeriesSummary> found = filter.isAny() ? store.listSeries(validPrefix, cursor, size + 1, notBefore)
                : store.listSeries(filter, validPrefix, cursor, size + 1, notBefore);
        if (found.size() <= size) {
            return new SeriesPage(found, null);
        }
        List<SeriesSummary> page = found.subList(0, size);
        return new SeriesPage(page, page.get(size - 1).series());
    }

    /** A page size of series: {@code limit}, or the default when absent; INVALID_LIMIT beyond the maximum. */
    static int limit(Integer limit) {
        return SeriesPaging.limit(limit, DEFAULT_LIMIT, MAX_LIMIT);
    }
}
