package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The in-memory store's list of series: a page of their ids in order, each with its readings' extent and
 * latest meta, filtered by that meta's tags.
 */
final class SeriesListing {

    private SeriesListing() {
    }

    /**
     * Every stripe's ids are gathered and sorted (the tables are hashed, not ordered: a scan of the ids
     * in memory, no bucket read), then series are summarised in order until the page is full; a series
     * whose readings have all expired is left out.
     */
    static List<SeriesSummary> list(StripedSeries series, TagFilter filter, String prefix, SeriesId after, int limit,
                                    Instant notBefore) {
        List<SeriesId> ids = new ArrayList<>();
        for (SeriesId id : ids(series, filter)) {
            if (id.value().startsWith(prefix) && (after == null || id.compareTo(after) > 0)) {
                ids.add(id);
            }
        }
        long from = notBefore.toEpochMilli();
        List<SeriesSummary> out = new ArrayList<>(Math.min(limit, ids.size()));
        for (int i = 0; i < ids.size() && out.size() < limit; i++) {
            series.query(ids.get(i), Optional.<SeriesSummary>empty(), buckets -> summary(buckets, filter, from))
                    .ifPresent(out::add);
        }
        return out;
    }

    /**
     * The ids of every series, in order, for {@link TagFilter#ANY}: a scan of the ids in memory, no bucket
     * read; else those the tag index lists for {@code filter}, which callers check against each series' versions.
     */
    static Collection<SeriesId> ids(StripedSeries series, TagFilter filter) {
        if (!filter.isAny()) {
            return series.tags.candidates(filter);
        }
        List<SeriesId> ids = new ArrayList<>();
        series.forEach(buckets -> ids.add(buckets.series()));
        ids.sort(null);
        return ids;
    }

    /** A series' latest meta: that of its latest reading by time. */
    static SeriesMeta latestMeta(SeriesBuckets buckets) {
        return buckets.versions == null ? SeriesMeta.NONE : buckets.versions.latest();
    }

    private static Optional<SeriesSummary> summary(SeriesBuckets buckets, TagFilter filter, long from) {
        SeriesMeta latest = latestMeta(buckets);
        long[] extent = filter.matches(latest.tags()) ? SeriesReads.extentFrom(buckets, from) : null;
        return extent == null ? Optional.empty() : Optional.of(new SeriesSummary(buckets.series(), extent[0],
                Instant.ofEpochMilli(extent[1]), Instant.ofEpochMilli(extent[2]), latest));
    }
}
