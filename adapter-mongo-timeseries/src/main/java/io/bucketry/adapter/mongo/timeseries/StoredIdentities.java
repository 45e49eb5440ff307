package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which of a batch's identities are already stored. Native time-series collections have no unique
 * index and no upsert, so this check is what keeps a duplicate from being inserted. Each series'
 * times are cut into clusters (a gap of more than {@link #CLUSTER_GAP_MILLIS} starts a new one) and
 * only the clusters' spans are read, so one old reading in a batch adds one short span, not months;
 * series with the same span share one branch. All branches go in one query (projecting only series
 * and time), read from the primary.
 */
final class StoredIdentities {

    /** Times closer than this share a span: buckets span at least an hour, so merging reads no more of them. */
    static final long CLUSTER_GAP_MILLIS = 3_600_000L;
    /** Branches of one $or; a batch with more distinct spans sends one query per this many. */
    static final int MAX_BRANCHES = 1_000;
    private static final int BATCH_SIZE = 10_000;

    private StoredIdentities() {
    }

    static Set<Identity> among(MongoCollection<Document> collection, Collection<Identity> candidates) {
        MongoCollection<Document> primary = onPrimary(collection);
        Set<Identity> stored = new HashSet<>();
        for (Bson filter : filters(candidates)) {
            for (Document document : primary.find(filter)
                    .projection(Projections.fields(Projections.include(ReadingDocuments.SERIES, ReadingDocuments.TIME),
                            Projections.excludeId()))
                    .batchSize(BATCH_SIZE)) {
                Identity identity = ReadingDocuments.identity(document);
                if (candidates.contains(identity)) {
                    stored.add(identity);
                }
            }
        }
        return stored;
    }

    /**
     * This read decides what is inserted: a secondary may lag behind and miss a stored reading, which
     * would then be inserted twice, so it goes to the primary whatever the connection string says
     * (https://www.mongodb.com/docs/manual/core/read-preference/: secondaries may return stale data).
     */
    static MongoCollection<Document> onPrimary(MongoCollection<Document> collection) {
        return collection.withReadPreference(ReadPreference.primary());
    }

    /**
     * The query filters: one branch {t in [a, b], series} per distinct cluster span, the series of a
     * span as {@code $in}; one branch is sent as it is, several as {@code $or} (a server pushes each
     * branch down to bucket bounds: bucket_spec.cpp, createPredicatesOnBucketLevelField, the OR case).
     */
    static List<Bson> filters(Collection<Identity> candidates) {
        Map<String, List<Long>> timesBySeries = new TreeMap<>();
        for (Identity identity : candidates) {
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
        List<Bson> branches = new ArrayList<>();
        seriesBySpan.forEach((span, series) -> branches.add(branch(span, series)));
        List<Bson> filters = new ArrayList<>();
        for (int from = 0; from < branches.size(); from += MAX_BRANCHES) {
            List<Bson> part = branches.subList(from, Math.min(branches.size(), from + MAX_BRANCHES));
            filters.add(part.size() == 1 ? part.get(0) : Filters.or(part));
        }
        return filters;
    }

    private static Bson branch(Span span, Set<String> series) {
        Bson seriesFilter = series.size() == 1
                ? Filters.eq(ReadingDocuments.SERIES, series.iterator().next())
                : Filters.in(ReadingDocuments.SERIES, series);
        // Time first: a server that scans (the embedded test server) then rejects most documents cheaply.
        return Filters.and(Filters.gte(ReadingDocuments.TIME, new Date(span.from())),
                Filters.lte(ReadingDocuments.TIME, new Date(span.to())), seriesFilter);
    }

    /** The first and last time of a cluster, epoch milliseconds. */
    private record Span(long from, long to) {
    }
}
