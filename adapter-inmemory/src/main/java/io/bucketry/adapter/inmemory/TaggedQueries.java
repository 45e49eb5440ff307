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
import java.util.function.Consumer;

/**
 * The in-memory store's answers about tags: the series a filter selects come from the {@link TagIndex};
 * a series all of whose versions match is aggregated as any series is (its summaries, sub-windows), one
 * whose versions partly match from its readings of those versions.
 */
final class TaggedQueries {

    private final StripedSeries series;
    private final SubWindows subWindows;

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
     * {@link TagFilter#ANY}, no lookup by id), then the series are merged in id order.
     */
    List<GroupWindows> groups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window, int maxWindows) {
        List<SeriesPart> parts = new ArrayList<>();
        Consumer<SeriesBuckets> collect = buckets -> {
            SeriesPart part = part(buckets, filter, groupBy, range, window);
            if (part != null) {
                parts.add(part);
            }
        };
        if (filter.isAny()) {
            series.forEach(collect);
        } else {
            for (SeriesId id : series.tags.candidates(filter)) {
                series.query(id, null, buckets -> {
                    collect.accept(buckets);
                    return null;
                });
            }
        }
        // the candidates came in id order; every stripe in turn did not
        List<SeriesPart> inIdOrder = filter.isAny() ? series.order.inIdOrder(parts, SeriesPart::buckets) : parts;
        GroupAggregator aggregator = new GroupAggregator(groupBy, window);
        for (SeriesPart part : inIdOrder) {
            if (aggregator.windowCount() > maxWindows) {
                break;
            }
            aggregator.series(part.buckets().series());
            if (part.windows() != null) {
                aggregator.addWindows(part.tags(), part.windows());
            } else {
                for (Reading reading : part.readings()) {
                    if (filter.matches(reading.meta().tags())) {
                        aggregator.add(reading.meta().tags(), reading.epochMilli(), reading.fields());
                    }
                }
            }
        }
        return aggregator.result();
    }

    /**
     * What one series gives the groups, or null when nothing: a series all of whose versions match and fall in
     * one group by its windows (summaries, sub-windows, as any aggregate), else by its readings.
     */
    private SeriesPart part(SeriesBuckets buckets, TagFilter filter, GroupBy groupBy, TimeRange range, Duration window) {
        Match match = Match.of(buckets, filter);
        if (match == Match.NONE) {
            return null;
        }
        List<SeriesMeta> metas = buckets.metas();
        boolean oneGroup = metas.size() == 1
                || metas.stream().map(meta -> groupBy.groupOf(meta.tags())).distinct().count() == 1;
        if (match == Match.ALL && oneGroup) {
            WindowAggregator windows = SeriesAggregates.fed(buckets, subWindows, range, window, Integer.MAX_VALUE);
            return windows.windowCount() == 0 ? null
                    : new SeriesPart(buckets, metas.get(0).tags(), windows, null);
        }
        List<Reading> readings = readings(buckets, range);
        return readings.isEmpty() ? null : new SeriesPart(buckets, null, null, readings);
    }

    /** One series' share of grouped aggregates: its windows and the tags of its one group, or its readings. */
    private record SeriesPart(SeriesBuckets buckets, Tags tags, WindowAggregator windows, List<Reading> readings) {
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
