package io.bucketry.application.service;

import io.bucketry.application.port.in.LastpointPage;
import io.bucketry.application.port.in.LastpointQuery;
import io.bucketry.application.port.in.ReadLastpointsUseCase;
import io.bucketry.application.port.out.LoadLastpoints;
import io.bucketry.application.port.out.SeriesSelection;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.List;
import java.util.Objects;

/** Reads the latest reading of many series a page at a time: asks the store for one more than the page holds. */
public final class ReadLastpointsService implements ReadLastpointsUseCase {

    private final LoadLastpoints store;
    private final QueryRange ranges;

    public ReadLastpointsService(LoadLastpoints store, QueryRange ranges) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
    }

    @Override
    public LastpointPage lastpoints(LastpointQuery query) {
        Objects.requireNonNull(query, "query");
        SeriesSelection selection = new SeriesSelection(SeriesPaging.prefix(query.prefix()));
        SeriesId cursor = SeriesPaging.cursor(query.after());
        int size = SeriesPaging.limit(query.limit(), DEFAULT_LIMIT, MAX_LIMIT);
        List<Reading> found = store.lastpoints(selection, cursor, size + 1, ranges.oldestKept(ranges.now()));
        if (found.size() <= size) {
            return new LastpointPage(found, null);
        }
        List<Reading> page = found.subList(0, size);
        return new LastpointPage(page, page.get(size - 1).series());
    }
}
