package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import org.bson.Document;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Leases of series stripes, shared by every process writing one collection, in
 * {@code <collection>.series_leases}: {@code {_id: stripe, until: date, b: batch token}}. A batch claims
 * the stripes of its series with one unordered bulk of upserts that match only an expired lease: a
 * stripe nobody holds is inserted, one whose holder crashed is taken over, and one held by a live batch
 * fails on the unique {@code _id} with a duplicate key error, which names the stripe lost
 * (https://www.mongodb.com/docs/manual/core/index-unique/; the server retries such an upsert only when
 * its filter is equalities on the index's fields alone, which this one is not:
 * https://www.mongodb.com/docs/manual/reference/method/db.collection.updateOne/#upsert-with-duplicate-values).
 * Holding its stripes, a batch checks which of its readings are stored and inserts the rest, so two
 * processes never both find a reading absent. A lease outlives every command of the part it covers
 * ({@link StoreOnce#leaseMillis}); a TTL index removes leases left by crashed writers too.
 */
final class SeriesLeases {

    /** Stripes of series: a batch of any number of series writes at most this many leases. */
    static final int STRIPES = 1024;

    private final MongoCollection<Document> leases;
    private final long leaseMillis;

    SeriesLeases(MongoCollection<Document> leases, Duration operationTimeout) {
        this.leases = leases;
        this.leaseMillis = StoreOnce.leaseMillis(operationTimeout);
    }

    /** Creates the TTL index of the leases (a real server's monitor removes expired ones every 60 s). */
    void createIndexes() {
        leases.createIndex(Indexes.ascending("until"), new IndexOptions().name("until_ttl").expireAfter(0L, TimeUnit.SECONDS));
    }

    /** The stripe of a series, the same in every process: String.hashCode is fixed by the Java spec. */
    static int stripe(String series) {
        return Math.floorMod(series.hashCode(), STRIPES);
    }

    /** The stripes of these series, ascending. */
    static Set<Integer> stripes(Collection<String> series) {
        Set<Integer> stripes = new TreeSet<>();
        series.forEach(name -> stripes.add(stripe(name)));
        return stripes;
    }

    /** Claims what it can of {@code stripes} for the batch of {@code token}, in one command; answers the stripes it now holds. */
    Set<Integer> claim(Set<Integer> stripes, long token) {
        Date now = new Date();
        Date until = new Date(now.getTime() + leaseMillis);
        List<Integer> order = new ArrayList<>(stripes);
        List<UpdateOneModel<Document>> claims = new ArrayList<>(order.size());
        UpdateOptions upsert = new UpdateOptions().upsert(true);
        for (Integer stripe : order) {
            claims.add(new UpdateOneModel<>(Filters.and(Filters.eq("_id", stripe), Filters.lt("until", now)),
                    Updates.combine(Updates.set("until", until), Updates.set("b", token)), upsert));
        }
        Set<Integer> held = new TreeSet<>(stripes);
        try {
            leases.bulkWrite(claims, new BulkWriteOptions().ordered(false));
        } catch (MongoBulkWriteException e) {
            List<Integer> lost;
            try {
                lost = LostClaims.indexes(e);
            } catch (MongoBulkWriteException failed) {
                release(token);
                throw failed;
            }
            lost.forEach(index -> held.remove(order.get(index)));
        }
        return held;
    }

    /** Ends the leases of the batch of {@code token} (not one taken over since), in one command. */
    void release(long token) {
        // no index on b: the collection holds at most STRIPES leases, and an index would cost every claim a write
        leases.deleteMany(Filters.eq("b", token));
    }
}
