package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Updates;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import org.bson.Document;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The identity ledger (a prototype beside {@link SeriesLeases}): one document per stored reading in
 * {@code <collection>.identities}, {@code {_id: {s: series, t: date}, u: date}}, claimed before the reading
 * is inserted. The unique {@code _id} lets exactly one claim of an identity succeed; an unordered
 * insertMany goes on past the duplicate key errors and names each one by its index
 * (https://www.mongodb.com/docs/manual/reference/method/db.collection.insertMany/#error-handling).
 * {@code u} is the claim's lease: a claim whose reading is not stored once {@code u} has passed was
 * left by a writer that crashed between its claim and its insert, and is taken over. As a prototype it
 * removes no entry: retention and deletes would have to remove a reading's entry after the reading.
 */
final class IdentityLedger {

    private final MongoCollection<Document> ledger;
    private final long leaseMillis;

    IdentityLedger(MongoCollection<Document> ledger, Duration operationTimeout) {
        this.ledger = ledger;
        this.leaseMillis = StoreOnce.leaseMillis(operationTimeout);
    }

    /** The ledger document of an identity claimed until {@code until}. */
    static Document entry(Identity identity, Date until) {
        return new Document("_id", key(identity)).append("u", until);
    }

    private static Document key(Identity identity) {
        return new Document("s", identity.series()).append("t", new Date(identity.time()));
    }

    /** Claims {@code identities} in one command; answers those claimed now (the others are claimed already). */
    Set<Identity> claim(Collection<Identity> identities) {
        Date until = new Date(System.currentTimeMillis() + leaseMillis);
        List<Identity> order = new ArrayList<>(identities);
        List<Document> entries = new ArrayList<>(order.size());
        order.forEach(identity -> entries.add(entry(identity, until)));
        Set<Identity> won = new LinkedHashSet<>(order);
        try {
            ledger.insertMany(entries, new InsertManyOptions().ordered(false));
        } catch (MongoBulkWriteException e) {
            LostClaims.indexes(e).forEach(index -> won.remove(order.get(index)));
        }
        return won;
    }

    /** Removes the claims of {@code absent} (identities not stored) whose lease ran out; answers how many. */
    long takeOverExpired(Collection<Identity> absent) {
        List<Document> keys = new ArrayList<>(absent.size());
        absent.forEach(identity -> keys.add(key(identity)));
        return ledger.deleteMany(Filters.and(Filters.in("_id", keys), Filters.lt("u", new Date()))).getDeletedCount();
    }

    /** Ends the lease of claims whose readings may not have been inserted (a failed insert), so that a retry takes them over at once. */
    void abandon(Collection<Identity> claimed) {
        List<Document> keys = new ArrayList<>(claimed.size());
        claimed.forEach(identity -> keys.add(key(identity)));
        ledger.updateMany(Filters.in("_id", keys), Updates.set("u", new Date(0)));
    }
}
