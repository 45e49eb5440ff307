package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import org.bson.Document;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stores a batch: drops duplicates within the batch (the first wins), then has its {@link StoreOnce}
 * store those no batch stored before, with unordered insertMany sorted by series then time. Batches of
 * this store sharing a series take turns first ({@link SeriesLocks}), so that they do not contend for
 * the same leases or claims in the database.
 */
final class ReadingWriter implements StoreOnce.Inserts {

    private static final Comparator<Reading> SERIES_THEN_TIME =
            Comparator.comparing(Reading::series).thenComparingLong(Reading::epochMilli);

    private final MongoCollection<Document> collection;
    private final BucketPolicy.Windowed policy;
    private final CommandCounter counter;
    private final boolean orPushdown;
    private final MetaField meta;
    private final SeriesLocks locks = new SeriesLocks();
    private final StoreOnce once;

    /** @param orPushdown the duplicate check may use one $or of exact spans ({@link StoredIdentities#orPushedDown}) */
    ReadingWriter(MongoCollection<Document> collection, StoreOnce once, BucketPolicy.Windowed policy,
                  CommandCounter counter, boolean orPushdown) {
        this(collection, once, policy, counter, orPushdown, MetaField.SERIES);
    }

    /** @param meta where documents keep the series and tags ({@link MetaField#SERIES}: tags are dropped) */
    ReadingWriter(MongoCollection<Document> collection, StoreOnce once, BucketPolicy.Windowed policy,
                  CommandCounter counter, boolean orPushdown, MetaField meta) {
        this.meta = meta;
        this.collection = collection;
        this.once = once;
        this.orPushdown = orPushdown;
        this.policy = policy;
        this.counter = counter;
    }

    StoreResult store(List<Reading> readings) {
        if (readings.isEmpty()) {
            return StoreResult.EMPTY;
        }
        Map<Identity, Reading> firsts = new LinkedHashMap<>();
        for (Reading reading : readings) {
            firsts.putIfAbsent(Identity.of(reading), reading);
        }
        Map<String, List<Reading>> bySeries = new LinkedHashMap<>();
        firsts.values().forEach(reading -> bySeries.computeIfAbsent(reading.series().value(), s -> new ArrayList<>()).add(reading));
        List<Reading> fresh;
        try (SeriesLocks.Held held = locks.lock(bySeries.keySet())) {
            fresh = once.store(bySeries, this);
        }
        counter.batch(windowsTouched(fresh));
        return new StoreResult(fresh.size(), readings.size() - fresh.size());
    }

    @Override
    public Set<Identity> stored(Collection<Identity> identities) {
        return StoredIdentities.among(collection, identities, orPushdown, meta);
    }

    @Override
    public void insert(List<Reading> readings) {
        List<Reading> sorted = new ArrayList<>(readings);
        sorted.sort(SERIES_THEN_TIME);
        List<Document> documents = new ArrayList<>(sorted.size());
        sorted.forEach(reading -> documents.add(ReadingDocuments.toDocument(reading, meta)));
        insertDocuments(documents);
    }

    private void insertDocuments(List<Document> documents) {
        try {
            collection.insertMany(documents, new InsertManyOptions().ordered(false));
        } catch (MongoBulkWriteException e) {
            throw writeConcernFirst(e);
        }
    }

    /**
     * A write concern error is named first, whatever write errors come with it: the inserts that did
     * apply may not be durable (and mongos before 7.1 may drop it when write errors come too:
     * MongoDB 7.1 release notes, write concern errors in sharded clusters, DOCS-16334).
     */
    static RuntimeException writeConcernFirst(MongoBulkWriteException e) {
        if (e.getWriteConcernError() == null) {
            return e;
        }
        return new StoreUnavailableException("mongo-timeseries: write concern not satisfied: "
                + e.getWriteConcernError().getMessage() + " (" + e.getWriteResult().getInsertedCount()
                + " readings inserted, " + e.getWriteErrors().size() + " write errors); retrying the batch stores"
                + " nothing twice", e);
    }

    /**
     * Distinct (series, policy window) pairs: buckets as the policy counts them. The server's own
     * buckets (max(width, 1 h) from 6.3, a granularity's span before) are not visible to the writer.
     */
    private long windowsTouched(List<Reading> sorted) {
        Set<Identity> windows = new HashSet<>();
        for (Reading reading : sorted) {
            windows.add(new Identity(reading.series().value(), policy.windowStart(reading.epochMilli())));
        }
        return windows.size();
    }
}
