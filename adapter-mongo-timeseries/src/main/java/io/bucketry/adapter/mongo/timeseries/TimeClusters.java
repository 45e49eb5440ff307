package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A batch's identities as time spans, and filters that read only those spans: each series' times are
 * cut into clusters where they are more than {@link #CLUSTER_GAP_MILLIS} apart, so one old reading
 * in a batch adds one short span instead of stretching one span over months.
 */
final class TimeClusters {

    /** Times closer than this share a span: buckets span at least an hour, so merging reads no more of them. */
    static final long CLUSTER_GAP_MILLIS = 3_600_000L;
    /** Branches of one $or; a batch with more distinct spans sends one query per this many. */
    static final int MAX_BRANCHES = 1_000;
    /** Queries at most, where no $or can be used: neighbouring spans are merged, cut at the widest gaps. */
    static final int MAX_GROUPS = 16;

    private TimeClusters() {
    }

    /** The distinct cluster spans of the batch, in time order, each with the series that have it. */
    static Map<Span, Set<String>> spans(Collection<Identity> identities) {
        Map<String, List<Long>> timesBySeries = new TreeMap<>();
        for (Identity identity : identities) {
            timesBySeries.computeIfAbsent(identity.series(), key -> new ArrayList<>()).add(identity.time());
        }
        Map<Span, Set<String>> seriesBySpan = new TreeMap<>(Comparator.comparingLong(Span::from).thenComparingLong(Span::to));
        timesBySeries.forEach((series, times) -> {
            times.sort(null);
            long from = times.get(0);
            long previous = from;
            for (long time : times) {
                if (time - previous > CLUSTER_GAP_MILLIS) {
                    seriesBySpan.computeIfAbsent(new Span(from, previous), key -> new TreeSet<>()).add(series);
                    from = time;
                }
                previous = time;
            }
            seriesBySpan.computeIfAbsent(new Span(from, previous), key -> new TreeSet<>()).add(series);
        });
        return seriesBySpan;
    }

    /** One branch {t in span, series} per distinct span, as $or of at most {@link #MAX_BRANCHES} branches per filter. */
    static List<Bson> exact(Collection<Identity> identities) {
        return exact(identities, ReadingDocuments.SERIES);
    }

    /** As {@link #exact(Collection)}, with the series at {@code seriesPath} ({@link MetaField#series}). */
    static List<Bson> exact(Collection<Identity> identities, String seriesPath) {
        List<Bson> branches = new ArrayList<>();
        spans(identities).forEach((span, series) -> branches.add(filter(span.from(), span.to(), series, seriesPath)));
        List<Bson> filters = new ArrayList<>();
        for (int from = 0; from < branches.size(); from += MAX_BRANCHES) {
            List<Bson> part = branches.subList(from, Math.min(branches.size(), from + MAX_BRANCHES));
            filters.add(part.size() == 1 ? part.get(0) : Filters.or(part));
        }
        return filters;
    }

    /**
     * At most {@link #MAX_GROUPS} filters without $or, for servers that would not push an $or down: the
     * spans in time order are cut at their widest gaps, and each group reads its whole span for the
     * union of its series (more than {@link #exact}, never months for one old reading).
     */
    static List<Bson> grouped(Collection<Identity> identities) {
        return grouped(identities, ReadingDocuments.SERIES);
    }

    /** As {@link #grouped(Collection)}, with the series at {@code seriesPath}. */
    static List<Bson> grouped(Collection<Identity> identities, String seriesPath) {
        List<Map.Entry<Span, Set<String>>> spans = new ArrayList<>(spans(identities).entrySet());
        List<Integer> byGap = new ArrayList<>();
        long reach = Long.MIN_VALUE;
        long[] gaps = new long[spans.size()];
        for (int i = 0; i + 1 < spans.size(); i++) {
            reach = Math.max(reach, spans.get(i).getKey().to());
            gaps[i] = spans.get(i + 1).getKey().from() - reach;
            if (gaps[i] > 0) {
                byGap.add(i);
            }
        }
        byGap.sort(Comparator.comparingLong((Integer i) -> gaps[i]).reversed());
        Set<Integer> cuts = new TreeSet<>(byGap.subList(0, Math.min(byGap.size(), MAX_GROUPS - 1)));
        List<Bson> filters = new ArrayList<>();
        long from = 0;
        long to = Long.MIN_VALUE;
        Set<String> series = new TreeSet<>();
        for (int i = 0; i < spans.size(); i++) {
            Span span = spans.get(i).getKey();
            from = series.isEmpty() ? span.from() : from;
            to = Math.max(to, span.to());
            series.addAll(spans.get(i).getValue());
            if (cuts.contains(i) || i == spans.size() - 1) {
                filters.add(filter(from, to, series, seriesPath));
                series = new TreeSet<>();
                to = Long.MIN_VALUE;
            }
        }
        return filters;
    }

    private static Bson filter(long from, long to, Set<String> series, String seriesPath) {
        Bson seriesFilter = series.size() == 1
                ? Filters.eq(seriesPath, series.iterator().next())
                : Filters.in(seriesPath, series);
        // Time first: a server that scans (the embedded test server) then rejects most documents cheaply.
        return Filters.and(Filters.gte(ReadingDocuments.TIME, new Date(from)),
                Filters.lte(ReadingDocuments.TIME, new Date(to)), seriesFilter);
    }

    /** The first and last time of a cluster, epoch milliseconds. */
    record Span(long from, long to) {
    }
}
