package io.bucketry.adapter.inmemory;

import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.SubWindows;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The in-memory store's answers about tags: the series a filter selects come from the {@link TagIndex};
 * a series all of whose versions match is aggregated as any series is (its summaries, sub-windows), one
 * whose versions partly match from its readings of those versions.
 */
final class TaggedQueries {

    /** Series touched at once before any of them is read ({@link GroupRows#touch}). */
    private static final int TOUCHED = 8;

    private final StripedSeries series;
    private final SubWindows subWindows;
    /** What {@link GroupRows#touch} answered last, kept so that the reads it makes are not left out. */
    private long touched;

    TaggedQueries(StripedSeries series, SubWindows subWindows) {
        this.series = series;
        this.subWindows = subWindows;
    }

    /** The latest meta of each of {@code ids} that has one; at once while no series has any. */
    Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> ids) {
        if (!series.tags.used()) {
            return Map.of();
        }
        Map<SeriesId, SeriesMeta> out = new HashMap<>();
        for (SeriesId id : ids) {
            if (!out.containsKey(id)) {
                SeriesMeta meta = series.query(id, SeriesMeta.NONE, SeriesListing::latestMeta);
                if (!meta.equals(SeriesMeta.NONE)) {
                    out.put(id, meta);
                }
            }
        }
        return out;
    }

    /** The readings of one series in {@code range} written with tags that match {@code filter}, at most {@code limit}. */
    List<Reading> read(SeriesId id, TagFilter filter, TimeRange range, int limit) {
        return series.query(id, List.of(), buckets -> {
            Match match = Match.of(buckets, filter);
            if (match == Match.NONE) {
                return List.of();
            }
            if (match == Match.ALL) {
                return buckets.withMeta(SeriesReads.read(buckets, range.fromMilli(), range.toMilli(), limit));
            }
            List<Reading> out = new ArrayList<>();
            for (Reading reading : readings(buckets, range)) {
                if (out.size() < limit && filter.matches(reading.meta().tags())) {
                    out.add(reading);
                }
            }
            return out;
        });
    }

    /** The latest reading at or after {@code notBefore} of each series whose latest tags match, by id, at most {@code limit}. */
    List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
        List<Reading> out = new ArrayList<>();
        for (SeriesId id : SeriesListing.ids(series, filter)) {
            if (out.size() >= limit) {
                break;
            }
            series.query(id, Optional.<Reading>empty(), buckets -> {
                SeriesMeta latest = SeriesListing.latestMeta(buckets);
                return filter.matches(latest.tags()) ? SeriesReads.latest(buckets, notBefore).map(r -> r.withMeta(latest))
                        : Optional.<Reading>empty();
            }).ifPresent(out::add);
        }
        return out;
    }

    /** The windows of one series' readings written with tags that match {@code filter}; stops once past {@code maxWindows}. */
    List<WindowAggregate> aggregate(SeriesId id, TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        return series.query(id, List.of(), buckets -> windows(buckets, filter, range, window, maxWindows));
    }

    /** As {@link #aggregate} for every series the filter selects, by id; once past {@code maxWindows}, the rest is skipped. */
    List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
        if (filter.isAny()) {
            return SeriesAggregates.ofAll(series, subWindows, range, window, maxWindows);
        }
        List<WindowAggregate> out = new ArrayList<>();
        for (SeriesId id : series.tags.candidates(filter)) {
            if (out.size() > maxWindows) {
                break;
            }
            out.addAll(aggregate(id, filter, range, window, maxWindows - out.size()));
        }
        return out;
    }

    /**
     * Windows per group of the readings written with tags that match {@code filter}; past {@code maxWindows}, the
     * rest is skipped. Each series is read under its stripe's lock where it is found (every stripe in turn for
     * {@link TagFilter#ANY}, no lookup by id, the series merged in id order at the end by their ranks), or, for
     * the candidates of a filter, in id order.
     */
    List<GroupWindows> groups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window, int maxWindows) {
        GroupAggregator aggregator = new GroupAggregator(groupBy, window);
        if (!filter.isAny()) {
            for (SeriesId id : series.tags.candidates(filter)) {
                if (aggregator.windowCount() > maxWindows) {
                    break;
                }
                series.query(id, null, buckets -> {
                    if (Match.of(buckets, filter) != Match.NONE) {
                        aggregator.series(buckets.series());
                        feed(aggregator, buckets, filter, groupBy, range, window);
                    }
                    return null;
                });
            }
            return aggregator.result();
        }
        List<SeriesBuckets> read = new ArrayList<>();
        long[] touched = {0};
        series.forEachStripe(stripe -> {
            for (int first = 0; first < stripe.size() && aggregator.windowCount() <= maxWindows; first += TOUCHED) {
                int end = Math.min(first + TOUCHED, stripe.size());
                for (int i = first; i < end; i++) {
                    touched[0] += GroupRows.touch(stripe.get(i));
                }
                for (int i = first; i < end && aggregator.windowCount() <= maxWindows; i++) {
                    SeriesBuckets buckets = stripe.get(i);
                    aggregator.part(buckets.series());
                    read.add(buckets);
                    feed(aggregator, buckets, filter, groupBy, range, window);
                }
            }
        });
        this.touched = touched[0];
        return aggregator.result(series.order.ranks(read));
    }

    /**
     * Feeds what one series, just started in {@code aggregator}, gives the groups: a series of one version (or
     * all of whose versions match and fall in one group) by its windows, from the rows of its open buckets or as
     * any aggregate is answered (summaries, sub-windows); else its readings of the versions that match.
     */
    private void feed(GroupAggregator aggregator, SeriesBuckets buckets, TagFilter filter, GroupBy groupBy,
                      TimeRange range, Duration window) {
        SeriesMeta sole = buckets.versions == null ? SeriesMeta.NONE : buckets.soleMeta;
        Match match = sole != null ? (filter.matches(sole.tags()) ? Match.ALL : Match.NONE) : Match.of(buckets, filter);
        if (match == Match.NONE) {
            return;
        }
        List<SeriesMeta> metas = sole != null ? List.of(sole) : buckets.metas();
        boolean oneGroup = metas.size() == 1
                || metas.stream().map(meta -> groupBy.groupOf(meta.tags())).distinct().count() == 1;
        if (match == Match.ALL && oneGroup) {
            long from = range.fromMilli();
            long to = range.toMilli();
            if (!subWindows.answers(window) && GroupRows.allOpen(buckets, from, to)) {
                aggregator.tags(metas.get(0).tags());
                GroupRows.feed(buckets, aggregator, from, to);
            } else {
                aggregator.addWindows(metas.get(0).tags(), SeriesAggregates.fed(buckets, subWindows, range, window,
                        Integer.MAX_VALUE));
            }
            return;
        }
        for (Reading reading : readings(buckets, range)) {
            if (filter.matches(reading.meta().tags())) {
                aggregator.add(reading.meta().tags(), reading.epochMilli(), reading.fields());
            }
        }
    }

    private List<WindowAggregate> windows(SeriesBuckets buckets, TagFilter filter, TimeRange range, Duration window,
                                          int maxWindows) {
        Match match = Match.of(buckets, filter);
        if (match != Match.SOME) {
            return match == Match.ALL ? SeriesAggregates.of(buckets, subWindows, range, window, maxWindows) : List.of();
        }
        WindowAggregator aggregator = new WindowAggregator(buckets.series(), window);
        for (Reading reading : readings(buckets, range)) {
            if (filter.matches(reading.meta().tags())) {
                aggregator.add(reading);
                if (aggregator.windowCount() > maxWindows) {
                    break;   // the caller refuses the request
                }
            }
        }
        return aggregator.result();
    }

    /** Every reading of a series in {@code range}, in time order, with its meta. */
    private static List<Reading> readings(SeriesBuckets buckets, TimeRange range) {
        return buckets.withMeta(SeriesReads.read(buckets, range.fromMilli(), range.toMilli(), Integer.MAX_VALUE));
    }

    /** How many of a series' versions a filter keeps. */
    private enum Match {
        ALL, SOME, NONE;

        static Match of(SeriesBuckets buckets, TagFilter filter) {
            int matching = 0;
            List<SeriesMeta> metas = buckets.metas();
            for (SeriesMeta meta : metas) {
                matching += filter.matches(meta.tags()) ? 1 : 0;
            }
            return matching == metas.size() ? ALL : matching == 0 ? NONE : SOME;
        }
    }
}
