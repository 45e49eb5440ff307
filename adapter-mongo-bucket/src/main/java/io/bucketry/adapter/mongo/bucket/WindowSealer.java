package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.WriteModel;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SealPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Seals the windows that {@link SealPolicy} lets go: their row documents become one sealed
 * document ({@link SealedDocument}). No transactions (a standalone server has none); safe at every
 * instant because no step changes the set of readings a window's documents hold together:
 * <ul>
 *   <li>a window of one row document (the common case) is sealed in place by one
 *       {@code replaceOne({_id, count})}: a single-document write is atomic, so a reader sees the
 *       rows or the columns; a late write that came first changes {@code count} and the replace
 *       matches nothing (the next sweep retries); one that comes after meets a document without
 *       {@code bytes}, so its filter fails, it reads the window (times decoded, exact dedup) and
 *       writes a delta (next seq);</li>
 *   <li>a window of several documents (deltas, overflow) is folded: (1) close its row documents
 *       ({@code bytes} at the ceiling: no writer adds to them any more, as after a rollover);
 *       (2) read them all; (3) replace the one of the highest seq, {@code {_id, count}}, by the
 *       sealed document of their union (it matches nothing when that document changed or is gone:
 *       stop, the next sweep folds again); (4) replace each of the others, {@code {_id, count}}, by a
 *       stub of its key ({@link FoldedStub}): its readings go, its key stays taken.
 *       Between (3) and (4) a reading is in two documents of the window: readers merge a group by
 *       time ({@link BucketGroup}), and one query sees the sealed document whenever it misses a
 *       stubbed one, since the sealed document lies after its sources both in the key index (the
 *       highest seq) and in natural order (a replacement keeps a document's place).</li>
 * </ul>
 * Nothing is inserted, so a fold never brings back what a delete removed meanwhile (a deleted series,
 * an evicted window): its replaces, like the in-place one, need the document they read to be there.
 * Nor does a writer that read the window before the fold bring back a source: its statements for the
 * buckets it read name their {@code _id} and fail once they are stubs or gone ({@link BucketUpdate}),
 * and its upsert of a seq it saw no document at (a delta, a rollover), which others created and this
 * fold took in meanwhile, meets the stub's key and fails with E11000, so it reads the window again.
 * A crash or a cut connection after any step leaves row documents marked {@code unsealed}, which
 * the next sweep finds and folds again: recovery is the sweep itself, it always completes, and
 * nothing needs undoing. Readers that query twice re-read whole groups ({@link SealedReads}).
 */
final class WindowSealer {

    /** Row documents looked at per round; a sweep runs rounds until one seals nothing. */
    static final int ROUND = 1000;
    private static final BulkWriteOptions UNORDERED = new BulkWriteOptions().ordered(false);

    /**
     * Where a test stops the sweep: after reading a round's windows (before sealing in place), and
     * in a fold after closing, after reading the window's documents, after replacing the last of them
     * by the sealed document, after replacing the others by stubs.
     */
    enum Step { READ, CLOSED, GATHERED, REPLACED, STUBBED }

    /** Test hook run after each step of a fold; it may throw to cut the fold there. */
    interface StepHook {
        void after(Step step, SeriesId series, long start);
    }

    private final MongoCollection<BsonDocument> buckets;
    private final BucketPolicy.Windowed policy;
    private final SealPolicy seal;
    /** The sub-window summaries a sealed document carries, or null when off. */
    private final SubWindowFields shape;
    private volatile StepHook hook = (step, series, start) -> { };

    WindowSealer(MongoCollection<BsonDocument> buckets, BucketPolicy.Windowed policy, SealPolicy seal) {
        this.buckets = buckets;
        this.policy = policy;
        this.seal = seal;
        this.shape = SubWindowFields.of(policy);
    }

    void hook(StepHook value) {
        this.hook = value;
    }

    SealPolicy policy() {
        return seal;
    }

    /** Seals every sealable window at {@code now}; answers how many windows were sealed or folded. */
    long sweep(Instant now) {
        long lastStart = seal.sealableEnd(now) - policy.widthMillis();
        long sealed = 0;
        while (true) {
            Map<SeriesId, Set<Long>> windows = candidates(lastStart);
            if (windows.isEmpty()) {
                return sealed;
            }
            long round = round(windows);
            sealed += round;
            if (round == 0) {
                return sealed;
            }
        }
    }

    /** Windows with row documents that may be sealed: the partial index on {@code {unsealed: true}} holds only those. */
    private Map<SeriesId, Set<Long>> candidates(long lastStart) {
        Map<SeriesId, Set<Long>> windows = new HashMap<>();
        for (BsonDocument document : buckets.find(candidateFilter(lastStart))
                .projection(Projections.include(SERIES, START)).limit(ROUND)) {
            windows.computeIfAbsent(new SeriesId(document.getString(SERIES).getValue()), s -> new TreeSet<>())
                    .add(document.getDateTime(START).getValue());
        }
        return windows;
    }

    static Bson candidateFilter(long lastStart) {
        // The equality on the partial index's filter field lets the server use it (partial indexes: the query
        // must imply the partialFilterExpression, https://www.mongodb.com/docs/manual/core/index-partial/).
        return Filters.and(Filters.eq(UNSEALED, true), Filters.lte(START, new Date(lastStart)));
    }

    private long round(Map<SeriesId, Set<Long>> windows) {
        Map<String, List<StoredBucket>> byWindow = readWindows(windows);
        windows.forEach((series, starts) -> starts.forEach(start -> hook.after(Step.READ, series, start)));
        List<WriteModel<BsonDocument>> inPlace = new ArrayList<>();
        long done = 0;
        for (List<StoredBucket> docs : byWindow.values()) {
            if (docs.size() == 1 && docs.get(0).sealed()) {
                continue; // sealed meanwhile by another sweep
            }
            if (docs.size() == 1) {
                StoredBucket only = docs.get(0);
                BsonDocument sealed = sealable(only, only.readingsIn(Long.MIN_VALUE, Long.MAX_VALUE), only.subs());
                if (sealed != null) {
                    inPlace.add(new ReplaceOneModel<>(Filters.and(Filters.eq(ID, only.id()), Filters.eq(COUNT, only.count())),
                            sealed));
                }
            } else if (fold(docs.get(0).series(), docs.get(0).start())) {
                done++;
            }
        }
        if (!inPlace.isEmpty()) {
            try {
                done += buckets.bulkWrite(inPlace, UNORDERED).getModifiedCount();
            } catch (MongoBulkWriteException e) {
                BucketWriter.conflicts(e); // anything but E11000 (which a replace by _id cannot meet) throws
                done += e.getWriteResult().getModifiedCount();
            }
        }
        return done;
    }

    /** Folds the documents of one window into one sealed document; false when it stopped (the next sweep goes on). */
    private boolean fold(SeriesId series, long start) {
        Bson window = Filters.and(Filters.eq(SERIES, series.value()), Filters.eq(START, new Date(start)));
        buckets.updateMany(Filters.and(window, Filters.eq(UNSEALED, true)), Updates.set(BYTES, policy.maxBytes()));
        hook.after(Step.CLOSED, series, start);
        List<StoredBucket> docs = readWindows(Map.of(series, Set.of(start))).getOrDefault(key(series, start), List.of());
        if (docs.isEmpty()) {
            return false;
        }
        hook.after(Step.GATHERED, series, start);
        BucketGroup group = new BucketGroup(start, docs);
        StoredBucket top = docs.get(docs.size() - 1);
        BsonDocument sealed = sealable(top, group.readingsIn(Long.MIN_VALUE, Long.MAX_VALUE), null);
        if (sealed == null) {
            return false;
        }
        if (buckets.replaceOne(Filters.and(Filters.eq(ID, top.id()), Filters.eq(COUNT, top.count())), sealed)
                .getMatchedCount() == 0) {
            return false; // changed or deleted since it was read: the next sweep folds what is there then
        }
        hook.after(Step.REPLACED, series, start);
        List<WriteModel<BsonDocument>> stubs = new ArrayList<>();
        for (StoredBucket doc : docs.subList(0, docs.size() - 1)) {
            // No upsert: a source deleted meanwhile (series deleted, window evicted) stays deleted.
            stubs.add(new ReplaceOneModel<>(Filters.and(Filters.eq(ID, doc.id()), Filters.eq(COUNT, doc.count())),
                    FoldedStub.of(doc)));
        }
        if (!stubs.isEmpty()) {
            buckets.bulkWrite(stubs, UNORDERED);
        }
        hook.after(Step.STUBBED, series, start);
        return true;
    }

    /**
     * The sealed form of {@code bucket}'s window holding {@code readings}, or null when it must stay
     * in rows: then its row documents are marked so that the sweep stops finding them. With
     * sub-windows on it carries {@code subs} (a sealed-in-place document's own) when they hold every
     * reading, else the summaries of {@code readings} ({@link SubWindowSeal}).
     */
    private BsonDocument sealable(StoredBucket bucket, List<Reading> readings, BsonDocument subs) {
        BsonDocument sealed;
        try {
            sealed = SealedDocument.of(bucket.id(), bucket.series().value(), bucket.start(), bucket.seq(), readings);
        } catch (IllegalArgumentException cannot) {
            sealed = null;
        }
        int subsBytes = sealed == null ? 0 : SubWindowSeal.carry(shape, sealed, readings, subs);
        if (sealed == null || sealed.getBinary(COLS).getData().length + subsBytes + BucketBytes.MAX_HEADER > policy.maxBytes()) {
            buckets.updateMany(Filters.and(Filters.eq(SERIES, bucket.series().value()),
                    Filters.eq(START, new Date(bucket.start())), Filters.eq(UNSEALED, true)), Updates.set(UNSEALED, KEPT_IN_ROWS));
            return null;
        }
        return sealed;
    }

    /** Every document (readings and columns, not stubs) of the given windows, by window key, each list sorted by seq. */
    private Map<String, List<StoredBucket>> readWindows(Map<SeriesId, Set<Long>> windows) {
        Map<String, List<StoredBucket>> byWindow = new LinkedHashMap<>();
        Set<String> wanted = new HashSet<>();
        windows.forEach((series, starts) -> starts.forEach(start -> wanted.add(key(series, start))));
        Bson filter = Filters.and(BucketKnowledge.windowsFilter(windows), FoldedStub.NOT_STUB);
        for (BsonDocument document : buckets.find(filter).sort(BucketQueries.BY_KEY)) {
            StoredBucket bucket = StoredBucket.from(document);
            String key = key(bucket.series(), bucket.start());
            if (wanted.contains(key)) {
                byWindow.computeIfAbsent(key, k -> new ArrayList<>()).add(bucket);
            }
        }
        return byWindow;
    }

    private static String key(SeriesId series, long start) {
        return series.value() + '\u0000' + start;
    }
}
