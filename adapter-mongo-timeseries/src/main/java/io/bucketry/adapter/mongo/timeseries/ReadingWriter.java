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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Stores a batch: drops duplicates within the batch (the first wins) and those already stored
 * (one query), then inserts the rest with one unordered insertMany sorted by series then time. The
 * check and the insert are two commands, so they run while the batch holds its series: in this
 * process ({@link SeriesLocks}) and in every process sharing the collection ({@link SeriesLeases}).
 * A series another batch holds waits for a later round; the batch never holds some series while
 * waiting for others, so no two batches wait for each other.
 */
final class ReadingWriter {

    private static final Comparator<Reading> SERIES_THEN_TIME =
            Comparator.comparing(Reading::series).thenComparingLong(Reading::epochMilli);

    private final MongoCollection<Document> collection;
    private final BucketPolicy.Windowed policy;
    private final CommandCounter counter;
    private final boolean orPushdown;
    private final MetaField meta;
    // Check-then-insert is not atomic on the server: batches of this store sharing a series take turns
    // here, and with other processes' batches through the leases, so that counts are exact.
    private final SeriesLocks locks = new SeriesLocks();
    private final SeriesLeases leases;

    /** @param orPushdown the duplicate check may use one $or of exact spans ({@link StoredIdentities#orPushedDown}) */
    ReadingWriter(MongoCollection<Document> collection, SeriesLeases leases, BucketPolicy.Windowed policy,
                  CommandCounter counter, boolean orPushdown) {
        this(collection, leases, policy, counter, orPushdown, MetaField.SERIES);
    }

    /** @param meta where documents keep the series and tags ({@link MetaField#SERIES}: tags are dropped) */
    ReadingWriter(MongoCollection<Document> collection, SeriesLeases leases, BucketPolicy.Windowed policy,
                  CommandCounter counter, boolean orPushdown, MetaField meta) {
        this.meta = meta;
        this.collection = collection;
        this.leases = leases;
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
        SeriesLocks.Held held = locks.lock(bySeries.keySet());
        try {
            long token = ThreadLocalRandom.current().nextLong();
            Set<String> waiting = new HashSet<>(bySeries.keySet());
            List<Reading> fresh = new ArrayList<>(firsts.size());
            for (int round = 0; !waiting.isEmpty(); round++) {
                Set<String> claimed = leases.claim(waiting, token);
                if (claimed.isEmpty()) {
                    leases.takeOverExpired(waiting);
                    pause(round);
                    continue;
                }
                try {
                    fresh.addAll(storeHeld(claimed, bySeries));
                } finally {
                    leases.release(claimed, token);
                }
                waiting.removeAll(claimed);
            }
            counter.batch(windowsTouched(fresh));
            return new StoreResult(fresh.size(), readings.size() - fresh.size());
        } finally {
            held.close();
        }
    }

    /** Inserts the readings of {@code claimed} series not stored yet; answers them. */
    private List<Reading> storeHeld(Set<String> claimed, Map<String, List<Reading>> bySeries) {
        Map<Identity, Reading> part = new LinkedHashMap<>();
        claimed.forEach(series -> bySeries.get(series).forEach(reading -> part.put(Identity.of(reading), reading)));
        Set<Identity> stored = StoredIdentities.among(collection, part.keySet(), orPushdown, meta);
        List<Reading> fresh = new ArrayList<>(part.size() - stored.size());
        part.forEach((identity, reading) -> {
            if (!stored.contains(identity)) {
                fresh.add(reading);
            }
        });
        fresh.sort(SERIES_THEN_TIME);
        if (!fresh.isEmpty()) {
            List<Document> documents = new ArrayList<>(fresh.size());
            fresh.forEach(reading -> documents.add(ReadingDocuments.toDocument(reading, meta)));
            insert(documents);
        }
        return fresh;
    }

    /** Waits a little, longer each round up to 0.2 s, with jitter, for another batch to release a series. */
    private static void pause(int round) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(5, 20L * Math.min(round + 1, 10) + 6));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("mongo-timeseries: interrupted while another process held a series", e);
        }
    }

    private void insert(List<Document> documents) {
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
