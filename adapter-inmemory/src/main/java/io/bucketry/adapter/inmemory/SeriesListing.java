package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The in-memory store's reads over many series in id order: the listing (each with its readings' extent and
 * latest meta, filtered by that meta's tags) and the lastpoints.
 */
final class SeriesListing {

    private SeriesListing() {
    }

    /** A page of series summaries whose latest meta matches {@code filter}, each with its unexpired readings' count and extent. */
    static List<SeriesSummary> list(StripedSeries series, TagFilter filter, String prefix, SeriesId after, int limit,
                                    Instant notBefore) {
        long from = notBefore.toEpochMilli();
        return inOrder(series, filter, prefix, after, limit, buckets -> summary(buckets, filter, from));
    }

    /**
     * The latest reading of each series, in id order as {@link #list}: the last row of its latest bucket
     * ({@link SeriesReads#latest}), one lookup per series, no other bucket read.
     */
    static List<Reading> lastpoints(StripedSeries series, String prefix, SeriesId after, int limit, Instant notBefore) {
        return inOrder(series, TagFilter.ANY, prefix, after, limit, buckets -> SeriesReads.latest(buckets, notBefore)
                .map(reading -> reading.withMeta(buckets.metaAt(reading.epochMilli()))));
    }

    /**
     * The ids {@link #ids} gives for {@code filter}, then each series asked in order until {@code limit}
     * answered; a series that answers nothing (all its readings expired, or no match) is left out.
     */
    private static <T> List<T> inOrder(StripedSeries series, TagFilter filter, String prefix, SeriesId after, int limit,
                                       Function<SeriesBuckets, Optional<T>> ask) {
        List<SeriesId> ids = new ArrayList<>();
        for (SeriesId id : ids(series, filter)) {
            if (id.value().startsWith(prefix) && (after == null || id.compareTo(after) > 0)) {
                ids.add(id);
            }
        }
        List<T> out = new ArrayList<>(Math.min(limit, ids.size()));
        for (int i = 0; i < ids.size() && out.size() < limit; i++) {
            series.query(ids.get(i), Optional.<T>empty(), ask::apply).ifPresent(out::add);
        }
        return out;
    }

    /**
     * The ids of every series, in order, for {@link TagFilter#ANY}: the stripes' series gathered and put in id
     * order by their {@link SeriesOrder} ranks (the tables are hashed, not ordered: a scan in memory, no bucket
     * read; the ids sorted only when a series turned up since the ranks were taken); else those the tag index
     * lists for {@code filter}, which callers check against each series' versions.
     */
    static Collection<SeriesId> ids(StripedSeries series, TagFilter filter) {
        if (!filter.isAny()) {
            return series.tags.candidates(filter);
        }
        List<SeriesBuckets> every = new ArrayList<>();
        series.forEach(every::add);
        List<SeriesId> ids = new ArrayList<>(every.size());
        for (SeriesBuckets buckets : series.order.inIdOrder(every, Function.identity())) {
            ids.add(buckets.series());
        }
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
