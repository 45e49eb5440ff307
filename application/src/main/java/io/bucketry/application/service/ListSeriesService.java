package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
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
        String validPrefix = prefix(prefix);
        SeriesId cursor = cursor(after);
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

    private static String prefix(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            return "";
        }
        String problem = SeriesId.problem(prefix);
        if (problem != null) {
            throw new InvalidRequestException("INVALID_PREFIX", "prefix: " + problem.replace("series id ", ""));
        }
        return prefix;
    }

    private static SeriesId cursor(String after) {
        if (after == null || after.isEmpty()) {
            return null;
        }
        String problem = SeriesId.problem(after);
        if (problem != null) {
            throw new InvalidRequestException("INVALID_CURSOR", "after must be the id of a series (the 'next' of the "
                    + "previous page): " + problem);
        }
        return SeriesId.of(after);
    }

    static int limit(Integer limit) {
        if (limit == null) {
            return DEFAULT_LIMIT;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("INVALID_LIMIT", "limit " + limit + " must be from 1 to " + MAX_LIMIT);
        }
        return limit;
    }
}
