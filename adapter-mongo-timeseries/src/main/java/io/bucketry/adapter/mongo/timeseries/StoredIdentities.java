package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which of a batch's identities are already stored, found with one query for the batch's series
 * and time span (projecting only series and time). Native time-series collections have no unique
 * index and no upsert, so this check is what keeps a duplicate from being inserted.
 */
final class StoredIdentities {

    private static final int BATCH_SIZE = 10_000;

    private StoredIdentities() {
    }

    static Set<Identity> among(MongoCollection<Document> collection, Collection<Identity> candidates) {
        Set<String> series = new TreeSet<>();
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (Identity identity : candidates) {
            series.add(identity.series());
            from = Math.min(from, identity.time());
            to = Math.max(to, identity.time());
        }
        Bson seriesFilter = series.size() == 1
                ? Filters.eq(ReadingDocuments.SERIES, series.iterator().next())
                : Filters.in(ReadingDocuments.SERIES, series);
        // Time first: a server that scans (the embedded test server) then rejects most documents cheaply.
        Bson filter = Filters.and(Filters.gte(ReadingDocuments.TIME, new Date(from)),
                Filters.lte(ReadingDocuments.TIME, new Date(to)), seriesFilter);
        Set<Identity> stored = new HashSet<>();
        for (Document document : collection.find(filter)
                .projection(Projections.fields(Projections.include(ReadingDocuments.SERIES, ReadingDocuments.TIME),
                        Projections.excludeId()))
                .batchSize(BATCH_SIZE)) {
            Identity identity = ReadingDocuments.identity(document);
            if (candidates.contains(identity)) {
                stored.add(identity);
            }
        }
        return stored;
    }
}
