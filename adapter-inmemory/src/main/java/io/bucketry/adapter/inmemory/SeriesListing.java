package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The in-memory store's list of series: a page of their ids in order, each with its readings' extent. */
final class SeriesListing {

    private SeriesListing() {
    }

    /**
     * Every stripe's ids are gathered and sorted (the tables are hashed, not ordered: a scan of the ids
     * in memory, no bucket read), then series are summarised in order until the page is full; a series
     * whose readings have all expired is left out.
     */
    static List<SeriesSummary> list(StripedSeries series, String prefix, SeriesId after, int limit, Instant notBefore) {
        List<SeriesId> ids = new ArrayList<>();
        series.forEach(buckets -> {
            SeriesId id = buckets.series();
            if (id.value().startsWith(prefix) && (after == null || id.compareTo(after) > 0)) {
                ids.add(id);
            }
        });
        ids.sort(null);
        long from = notBefore.toEpochMilli();
        List<SeriesSummary> out = new ArrayList<>(Math.min(limit, ids.size()));
        for (int i = 0; i < ids.size() && out.size() < limit; i++) {
            series.query(ids.get(i), Optional.<SeriesSummary>empty(), buckets -> summary(buckets, from)).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<SeriesSummary> summary(SeriesBuckets buckets, long from) {
        long[] extent = SeriesReads.extentFrom(buckets, from);
        return extent == null ? Optional.empty() : Optional.of(new SeriesSummary(buckets.series(), extent[0],
                Instant.ofEpochMilli(extent[1]), Instant.ofEpochMilli(extent[2])));
    }
}
