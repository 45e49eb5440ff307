package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** The in-memory store's reads over many series in id order: the listing (each with its readings' extent) and the lastpoints. */
final class SeriesListing {

    private SeriesListing() {
    }

    /** A page of series summaries, each with its unexpired readings' count and extent. */
    static List<SeriesSummary> list(StripedSeries series, String prefix, SeriesId after, int limit, Instant notBefore) {
        long from = notBefore.toEpochMilli();
        return inOrder(series, prefix, after, limit, buckets -> summary(buckets, from));
    }

    /**
     * The latest reading of each series, in id order as {@link #list}: the last row of its latest bucket
     * ({@link SeriesReads#latest}), one lookup per series, no other bucket read.
     */
    static List<Reading> lastpoints(StripedSeries series, String prefix, SeriesId after, int limit, Instant notBefore) {
        return inOrder(series, prefix, after, limit, buckets -> SeriesReads.latest(buckets, notBefore));
    }

    /**
     * Every stripe's ids are gathered and sorted (the tables are hashed, not ordered: a scan of the ids
     * in memory, no bucket read), then each series is asked in order until {@code limit} answered; a
     * series that answers nothing (all its readings expired) is left out.
     */
    private static <T> List<T> inOrder(StripedSeries series, String prefix, SeriesId after, int limit,
                                       Function<SeriesBuckets, Optional<T>> ask) {
        List<SeriesId> ids = new ArrayList<>();
        series.forEach(buckets -> {
            SeriesId id = buckets.series();
            if (id.value().startsWith(prefix) && (after == null || id.compareTo(after) > 0)) {
                ids.add(id);
            }
        });
        ids.sort(null);
        List<T> out = new ArrayList<>(Math.min(limit, ids.size()));
        for (int i = 0; i < ids.size() && out.size() < limit; i++) {
            series.query(ids.get(i), Optional.<T>empty(), ask::apply).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<SeriesSummary> summary(SeriesBuckets buckets, long from) {
        long[] extent = SeriesReads.extentFrom(buckets, from);
        return extent == null ? Optional.empty() : Optional.of(new SeriesSummary(buckets.series(), extent[0],
                Instant.ofEpochMilli(extent[1]), Instant.ofEpochMilli(extent[2])));
    }
}
