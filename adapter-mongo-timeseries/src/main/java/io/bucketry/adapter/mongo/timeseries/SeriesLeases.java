package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import org.bson.Document;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Leases of series, shared by every process writing one collection, in {@code <collection>.series_leases}:
 * {@code {_id: series, until: date, b: batch token}}. A batch claims its series with one unordered
 * insertMany; the unique {@code _id} lets exactly one claim of a series succeed, the others fail with a
 * duplicate key error (https://www.mongodb.com/docs/manual/core/index-unique/). Holding a series' lease,
 * a batch checks which of its readings are stored and inserts the rest, so two processes never both
 * find a reading absent. A lease outlives every command of the part it covers (three operation
 * timeouts, which the server enforces through {@code maxTimeMS}), so one that ran out belongs to a
 * crashed writer and is taken over; a TTL index removes such leases too.
 */
final class SeriesLeases {

    private final MongoCollection<Document> leases;
    private final long leaseMillis;

    SeriesLeases(MongoCollection<Document> leases, Duration operationTimeout) {
        this.leases = leases;
        this.leaseMillis = Math.max(Duration.ofSeconds(30).toMillis(), operationTimeout.multipliedBy(3).toMillis());
    }

    /** Creates the TTL index of the leases (a real server's monitor removes expired ones every 60 s). */
    void createIndexes() {
        leases.createIndex(Indexes.ascending("until"), new IndexOptions().name("until_ttl").expireAfter(0L, TimeUnit.SECONDS));
    }

    /** Claims what it can of {@code series} for the batch of {@code token}; answers the series it now holds. */
    Set<String> claim(Collection<String> series, long token) {
        Date until = new Date(System.currentTimeMillis() + leaseMillis);
        List<Document> claims = new ArrayList<>(series.size());
        List<String> order = new ArrayList<>(series);
        order.forEach(name -> claims.add(new Document("_id", name).append("until", until).append("b", token)));
        Set<String> held = new HashSet<>(order);
        try {
            leases.insertMany(claims, new InsertManyOptions().ordered(false));
        } catch (MongoBulkWriteException e) {
            if (e.getWriteConcernError() != null) {
                throw e;
            }
            for (BulkWriteError error : e.getWriteErrors()) {
                if (ErrorCategory.fromErrorCode(error.getCode()) != ErrorCategory.DUPLICATE_KEY) {
                    release(held, token);
                    throw e;
                }
                held.remove(order.get(error.getIndex()));
            }
        }
        return held;
    }

    /** Removes the leases of {@code series} that ran out (their writer crashed), so that they can be claimed. */
    void takeOverExpired(Collection<String> series) {
        leases.deleteMany(Filters.and(Filters.in("_id", series), Filters.lt("until", new Date())));
    }

    /** Ends the batch's leases of {@code series} (not one taken over since). */
    void release(Collection<String> series, long token) {
        if (!series.isEmpty()) {
            leases.deleteMany(Filters.and(Filters.in("_id", series), Filters.eq("b", token)));
        }
    }
}
