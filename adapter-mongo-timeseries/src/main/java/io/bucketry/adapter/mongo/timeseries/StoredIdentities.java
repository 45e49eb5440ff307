package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Projections;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Which of a batch's identities are already stored. Native time-series collections have no unique
 * index and no upsert, so this check is what keeps a duplicate from being inserted. It reads only the
 * spans of the batch's time clusters ({@link TimeClusters}), projecting series and time, from the
 * primary.
 */
final class StoredIdentities {

    private static final int BATCH_SIZE = 10_000;

    private StoredIdentities() {
    }

    /** @param orPushdown one $or of exact spans may be sent (see {@link #orPushedDown}); else a few grouped spans */
    static Set<Identity> among(MongoCollection<Document> collection, Collection<Identity> candidates,
                               boolean orPushdown) {
        return among(collection, candidates, orPushdown, MetaField.SERIES);
    }

    /** As {@link #among(MongoCollection, Collection, boolean)}, in a collection of {@code meta}. */
    static Set<Identity> among(MongoCollection<Document> collection, Collection<Identity> candidates,
                               boolean orPushdown, MetaField meta) {
        MongoCollection<Document> primary = onPrimary(collection);
        Set<Identity> stored = new HashSet<>();
        for (Bson filter : orPushdown ? TimeClusters.exact(candidates, meta.series)
                : TimeClusters.grouped(candidates, meta.series)) {
            for (Document document : primary.find(filter)
                    .projection(Projections.fields(Projections.include(meta.series, ReadingDocuments.TIME),
                            Projections.excludeId()))
                    .batchSize(BATCH_SIZE)) {
                Identity identity = ReadingDocuments.identity(document, meta);
                if (candidates.contains(identity)) {
                    stored.add(identity);
                }
            }
        }
        return stored;
    }

    /**
     * Whether the collection serves an $or of (series, time span) branches from its index: a plain
     * collection does, a time-series collection from 6.0 ({@link ServerVersion#OR_PUSHDOWN}); on 5.0
     * an $or reaches no bucket-level predicate, and every bucket would be unpacked.
     */
    static boolean orPushedDown(StoreLayout layout) {
        return layout.fallback() || layout.version().atLeast(ServerVersion.OR_PUSHDOWN);
    }

    /**
     * This read decides what is inserted: a secondary may lag behind and miss a stored reading, which
     * would then be inserted twice, so it goes to the primary whatever the connection string says
     * (https://www.mongodb.com/docs/manual/core/read-preference/: secondaries may return stale data).
     */
    static MongoCollection<Document> onPrimary(MongoCollection<Document> collection) {
        return collection.withReadPreference(ReadPreference.primary());
    }
}
