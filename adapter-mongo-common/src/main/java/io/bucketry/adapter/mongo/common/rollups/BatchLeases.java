package io.bucketry.adapter.mongo.common.rollups;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.application.port.out.RollupKey;
import org.bson.Document;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Leases of the batches being written, in {@code <collection>.rollups_leases}, shared by every process
 * on the database: {@code {_id: token, until: date}}, taken before a batch's pending entries are
 * written, renewed by a heartbeat (a third of the lease) while it runs, removed when it ends. A
 * settle leaves the entries of a batch whose lease is live; it takes over an expired lease (a
 * crashed or stalled writer) by deleting it, and the writer, finding its lease gone at the end,
 * records its windows again. The same collection holds the settle version counter
 * ({@code {_id: "version", n}}), incremented by findAndModify, atomic on one document
 * (https://www.mongodb.com/docs/manual/reference/command/findAndModify/#behavior).
 */
final class BatchLeases {

    /** How long a batch's lease lasts without a heartbeat; longer than any write of a batch should take. */
    static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);
    private static final String VERSION = "version";

    private final MongoCollection<Document> leases;
    private final MongoFailures failures;
    private final long leaseMillis;
    private final Map<Long, List<RollupKey>> running = new ConcurrentHashMap<>();
    private final ScheduledThreadPoolExecutor heart;
    private ScheduledFuture<?> beating;

    BatchLeases(MongoCollection<Document> leases, MongoFailures failures, Duration lease) {
        this.leases = leases;
        this.failures = failures;
        this.leaseMillis = lease.toMillis();
        this.heart = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "bucketry-rollup-lease-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        heart.setKeepAliveTime(1, TimeUnit.SECONDS);
        heart.allowCoreThreadTimeOut(true);   // no thread while no batch runs
        heart.setRemoveOnCancelPolicy(true);
    }

    /** Takes the lease of the batch of {@code token}, which will record {@code keys} as pending. */
    void take(long token, List<RollupKey> keys) {
        failures.translate("take the lease of a batch", () -> leases.insertOne(
                new Document("_id", token).append("until", new Date(System.currentTimeMillis() + leaseMillis))));
        running.put(token, keys);
        beat();
    }

    /**
     * Ends the lease of {@code token}; answers the batch's keys if a settle had taken the lease over as
     * expired (so they must be recorded again), else an empty list.
     */
    List<RollupKey> release(long token) {
        List<RollupKey> keys = running.remove(token);
        if (keys == null) {
            return List.of();
        }
        long deleted = failures.translate("end the lease of a batch",
                () -> leases.deleteOne(Filters.eq("_id", token)).getDeletedCount());
        return deleted == 1 ? List.of() : keys;
    }

    /**
     * Of {@code tokens}, those whose batch still holds a live lease; an expired lease is taken over (deleted,
     * only if still expired: a renewal in between keeps it) and its batch counted as finished.
     */
    Set<Long> live(Collection<Long> tokens) {
        if (tokens.isEmpty()) {
            return Set.of();
        }
        return failures.translate("read the leases of running batches", () -> {
            Date now = new Date();
            Set<Long> live = new HashSet<>();
            List<Long> expired = new ArrayList<>();
            leases.find(Filters.in("_id", tokens)).projection(Projections.include("until")).forEach(lease -> {
                long token = ((Number) lease.get("_id")).longValue();
                if (lease.getDate("until").before(now)) {
                    expired.add(token);
                } else {
                    live.add(token);
                }
            });
            if (!expired.isEmpty()) {
                leases.deleteMany(Filters.and(Filters.in("_id", expired), Filters.lt("until", now)));
                leases.find(Filters.in("_id", expired)).projection(Projections.include("_id"))
                        .forEach(renewed -> live.add(((Number) renewed.get("_id")).longValue()));
            }
            return live;
        });
    }

    /** A version higher than every one answered before, by any process. */
    long nextVersion() {
        return failures.translate("take a rollup settle version", () -> ((Number) leases.findOneAndUpdate(
                Filters.eq("_id", VERSION), Updates.inc("n", 1L),
                new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER)).get("n")).longValue());
    }

    private synchronized void beat() {
        if (beating == null || beating.isDone()) {
            long every = Math.max(1, leaseMillis / 3);
            beating = heart.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
        }
    }

    /** Renews the leases of this process's running batches; stops when none runs. */
    private void renew() {
        synchronized (this) {
            if (running.isEmpty()) {
                beating.cancel(false);   // under the lock: a batch taking its lease meanwhile starts the next beat
                return;
            }
        }
        try {
            leases.updateMany(Filters.in("_id", running.keySet()),
                    Updates.set("until", new Date(System.currentTimeMillis() + leaseMillis)));
        } catch (RuntimeException e) {
            // the next beat tries again; a lease that runs out meanwhile is taken over and the batch re-records
        }
    }
}
