package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.UpdateOneModel;
import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import org.bson.BsonDocument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * Stores a batch: drops its internal duplicates (the first wins), plans one statement per bucket,
 * sends them in one unordered bulk write, and re-plans with a read only the statements that hit
 * E11000 (a full bucket, a stored duplicate, or a racing writer) or whose bucket, as read, is gone
 * (folded away by the sealer, evicted, deleted: {@link BucketUpdate} never lets it be created again). A rollover chain sends its next
 * seq in the following bulk write, once the lower seq is confirmed closed. A statement applies
 * all its readings or none, so the counts are exact and a retried batch stores nothing twice.
 */
final class BucketWriter {

    static final int DUPLICATE_KEY = 11000;
    /** What the server answers a statement for a stored bucket that is gone ({@link BucketUpdate}): conflicts like E11000. */
    private static final Set<Integer> GONE = Set.of(28, 66);
    private static final int MAX_FRUITLESS_ATTEMPTS = 16;
    private static final BulkWriteOptions UNORDERED = new BulkWriteOptions().ordered(false);

    private final MongoCollection<BsonDocument> buckets;
    private final BucketPolicy policy;
    private final IngestPlanner planner;
    private final CommandCounter counter;
    private final boolean marked;
    private final boolean tagged;
    private volatile IntConsumer beforeBulk = attempt -> { };

    BucketWriter(MongoCollection<BsonDocument> buckets, BucketPolicy policy, IngestPlanner planner, CommandCounter counter) {
        this(buckets, policy, planner, counter, false);
    }

    /** @param marked the sealed layout: new row documents carry {@code unsealed: true} ({@link BucketUpdate}) */
    BucketWriter(MongoCollection<BsonDocument> buckets, BucketPolicy policy, IngestPlanner planner, CommandCounter counter,
                 boolean marked) {
        this(buckets, policy, planner, counter, marked, false);
    }

    /** @param tagged the collection keeps tags: each reading goes to a bucket of its meta; otherwise metas are dropped */
    BucketWriter(MongoCollection<BsonDocument> buckets, BucketPolicy policy, IngestPlanner planner, CommandCounter counter,
                 boolean marked, boolean tagged) {
        this.tagged = tagged;
        this.buckets = buckets;
        this.policy = policy;
        this.planner = planner;
        this.counter = counter;
        this.marked = marked;
    }

    /** Test hook: runs before each bulk write with the attempt number (0 for the first). */
    void beforeBulk(IntConsumer hook) {
        this.beforeBulk = hook;
    }

    StoreResult store(List<Reading> readings) {
        Map<SeriesId, TreeMap<Long, Reading>> unique = new HashMap<>();
        int duplicates = 0;
        for (Reading given : readings) {
            // a collection without tags stores readings as it always did (its layout record says so)
            Reading reading = tagged ? given : given.withMeta(SeriesMeta.NONE);
            if (unique.computeIfAbsent(reading.series(), s -> new TreeMap<>()).putIfAbsent(reading.epochMilli(), reading) != null) {
                duplicates++;
            }
        }
        Map<SeriesId, List<Reading>> pending = new HashMap<>();
        for (Map.Entry<SeriesId, TreeMap<Long, Reading>> entry : unique.entrySet()) {
            pending.put(entry.getKey(), new ArrayList<>(entry.getValue().values()));
        }
        List<Deque<Placement>> chains = new ArrayList<>();
        int accepted = 0;
        Set<String> touched = new HashSet<>();
        boolean informed = false;
        int fruitless = 0;
        for (int attempt = 0; ; attempt++) {
            if (!pending.isEmpty()) {
                IngestPlanner.Plan plan = planner.plan(pending, informed);
                duplicates += plan.duplicates();
                plan.chains().forEach(chain -> chains.add(new ArrayDeque<>(chain)));
                pending = new HashMap<>();
            }
            if (chains.isEmpty()) {
                break;
            }
            if (fruitless == MAX_FRUITLESS_ATTEMPTS) {
                throw new StoreUnavailableException("mongo-bucket: gave up after " + MAX_FRUITLESS_ATTEMPTS
                        + " attempts in a row that all met concurrent writers on the same buckets");
            }
            List<Placement> heads = new ArrayList<>(chains.size());
            chains.forEach(chain -> heads.add(chain.peekFirst()));
            beforeBulk.accept(attempt);
            BitSet conflicts = send(heads);
            boolean progress = false;
            for (int i = 0; i < chains.size(); i++) {
                Deque<Placement> chain = chains.get(i);
                Placement head = chain.pollFirst();
                if (conflicts.get(i)) {
                    // Re-plan the whole rest of the chain from what is stored now.
                    chain.addFirst(head);
                    for (Placement placement : chain) {
                        pending.computeIfAbsent(placement.series(), s -> new ArrayList<>()).addAll(placement.readings());
                    }
                    chain.clear();
                } else {
                    progress = true;
                    accepted += head.readings().size();
                    if (!head.readings().isEmpty()) {
                        touched.add(head.key());
                    }
                }
            }
            chains.removeIf(Deque::isEmpty);
            pending.values().forEach(list -> list.sort(Comparator.comparingLong(Reading::epochMilli)));
            informed = true;
            fruitless = progress ? 0 : fruitless + 1;
        }
        counter.batch(touched.size());
        return new StoreResult(accepted, duplicates);
    }

    /** Sends the statements in one unordered bulk write; answers which of them conflicted (E11000, or a bucket gone). */
    private BitSet send(List<Placement> placements) {
        List<UpdateOneModel<BsonDocument>> statements = new ArrayList<>(placements.size());
        BitSet stored = new BitSet();
        for (Placement placement : placements) {
            if (placement.stored() != null) {
                stored.set(statements.size());
            }
            statements.add(BucketUpdate.of(placement, policy, marked, tagged));
        }
        try {
            buckets.bulkWrite(statements, UNORDERED);
            return new BitSet();
        } catch (MongoBulkWriteException e) {
            return conflicts(e, stored);
        }
    }

    /** As {@link #conflicts(MongoBulkWriteException, BitSet)} for statements that all may insert. */
    static BitSet conflicts(MongoBulkWriteException e) {
        return conflicts(e, new BitSet());
    }

    /**
     * The statements of a failed bulk write that hit E11000, or (those in {@code stored}) found their
     * bucket gone ({@link BucketUpdate}); any other failure throws. A write concern error is checked
     * first, whatever write errors come with it: the statements that did apply may not be durable (and
     * mongos before 7.1 may drop it when write errors come too: MongoDB 7.1 release notes, write
     * concern errors in sharded clusters, DOCS-16334).
     */
    static BitSet conflicts(MongoBulkWriteException e, BitSet stored) {
        if (e.getWriteConcernError() != null) {
            throw new StoreUnavailableException("mongo-bucket: write concern not satisfied: "
                    + e.getWriteConcernError().getMessage() + " (with " + e.getWriteErrors().size()
                    + " write errors); retrying the batch stores nothing twice", e);
        }
        BitSet conflicts = new BitSet();
        for (BulkWriteError error : e.getWriteErrors()) {
            boolean gone = stored.get(error.getIndex()) && GONE.contains(error.getCode());
            if (error.getCode() != DUPLICATE_KEY && !gone) {
                throw new StoreUnavailableException("mongo-bucket: the server refused a bucket update: "
                        + error.getMessage() + " (code " + error.getCode() + ")", e);
            }
            conflicts.set(error.getIndex());
        }
        return conflicts;
    }
}
