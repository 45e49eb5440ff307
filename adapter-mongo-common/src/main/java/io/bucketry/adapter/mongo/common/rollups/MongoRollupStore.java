package io.bucketry.adapter.mongo.common.rollups;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.WriteModel;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.FlatSlices;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.LongPredicate;

/**
 * Rollup tiers in two plain collections beside a Mongo adapter's readings, over that adapter's
 * client: {@code <name>.rollups} (the windows), {@code <name>.rollups_pending} (windows to
 * recompute, written before the batch's readings, so that they survive a crash) and
 * {@code <name>.rollups_tiers} (since when each tier holds every window) and
 * {@code <name>.rollups_leases} (the batches being written, {@link BatchLeases}). Both Mongo
 * adapters open it on their own database; it holds no state of its own between failures but the
 * leases of its own running batches. Several processes may share these collections without
 * transactions: a settle clears no entry of a batch that holds a live lease in any process, and
 * each window keeps what the settle of the highest version wrote (a conditional upsert), so a
 * settle that read the readings earlier never writes over one that read them later.
 */
public final class MongoRollupStore implements StoreRollups {

    private static final BulkWriteOptions UNORDERED = new BulkWriteOptions().ordered(false);

    /** What an untagged read needs of a window: no slices, no version, no _id. */
    private static final Bson WHOLE = Projections.fields(Projections.include("s", "w", "t", "n", "f"), Projections.excludeId());
    /** What a tag read needs: the whole's fields with their times (a window of one slice) or the slices. */
    private static final Bson TAGGED = Projections.fields(Projections.include("s", "w", "t", "n", "f", "tags", "g"),
            Projections.excludeId());

    private final MongoCollection<Document> windows;
    private final MongoCollection<Document> pending;
    private final MongoCollection<Document> tiers;
    private final MongoFailures failures;
    private final BatchLeases leases;

    private MongoRollupStore(MongoCollection<Document> windows, MongoCollection<Document> pending,
                             MongoCollection<Document> tiers, MongoFailures failures, BatchLeases leases) {
        this.windows = windows;
        this.pending = pending;
        this.tiers = tiers;
        this.failures = failures;
        this.leases = leases;
    }

    /**
     * Opens (creating their indexes if needed) the rollup collections beside readings collection
     * {@code readings}, over the client of the store that owns it.
     * A native time-series collection cannot be a $merge target
     * (https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/#aggregation-merge), so tiers
     * live in a plain collection, written by replacement upserts on a unique (series, tier, start) index.
     */
    public static MongoRollupStore open(MongoClient client, MongoNamespace readings, MongoFailures failures) {
        return open(client, readings, failures, BatchLeases.DEFAULT_LEASE);
    }

    /** As {@link #open(MongoClient, MongoNamespace, MongoFailures)}, with batch leases of {@code lease} (tests). */
    public static MongoRollupStore open(MongoClient client, MongoNamespace readings, MongoFailures failures, Duration lease) {
        MongoDatabase database = client.getDatabase(readings.getDatabaseName());
        String name = readings.getCollectionName();
        MongoCollection<Document> windows = database.getCollection(name + ".rollups");
        MongoCollection<Document> pending = database.getCollection(name + ".rollups_pending");
        failures.translate("create the rollup indexes of " + name, () -> {
            windows.createIndexes(RollupDocuments.windowIndexes());
            return pending.createIndexes(RollupDocuments.pendingIndexes());
        });
        return new MongoRollupStore(windows, pending, database.getCollection(name + ".rollups_tiers"), failures,
                new BatchLeases(database.getCollection(name + ".rollups_leases"), failures, lease));
    }

    /** Takes the batch's lease first, so that no process sees its entries without it until the batch ends. */
    @Override
    public void recordPending(List<RollupKey> keys, long token, LongPredicate running) {
        leases.take(token, keys);
        try {
            writePending(keys, token);
        } catch (RuntimeException e) {
            try {
                leases.release(token);
            } catch (RuntimeException released) {
                e.addSuppressed(released);   // the lease runs out; its entries are settled then
            }
            throw e;
        }
    }

    private void writePending(List<RollupKey> keys, long token) {
        List<WriteModel<Document>> writes = new ArrayList<>(keys.size());
        for (RollupKey key : new LinkedHashSet<>(keys)) {
            writes.add(RollupDocuments.pending(key, token));
        }
        write(pending, writes, "record " + writes.size() + " pending rollup windows");
    }

    /**
     * Ends the batch's lease; if a settle took it over as expired (the batch outlived it), the batch's
     * windows are recorded again under a token with no lease, after its readings: the next settle reads them.
     */
    @Override
    public void finished(long token) {
        List<RollupKey> lapsed = leases.release(token);
        if (!lapsed.isEmpty()) {
            writePending(lapsed, ThreadLocalRandom.current().nextLong());
        }
    }

    @Override
    public Settlement beginSettle(List<PendingRollup> entries, LongPredicate runningHere) {
        List<PendingRollup> elsewhere = entries.stream().filter(entry -> !runningHere.test(entry.token())).toList();
        Set<Long> live = leases.live(elsewhere.stream().map(PendingRollup::token).distinct().toList());
        // the version is taken after the leases were read and before the raw readings are
        return new Settlement(elsewhere.stream().filter(entry -> !live.contains(entry.token())).toList(), leases.nextVersion());
    }

    @Override
    public List<PendingRollup> pending(int limit) {
        return findPending(new Document(), limit, "read pending rollup windows");
    }

    @Override
    public List<PendingRollup> pending(SeriesId series, TimeRange range) {
        return findPending(Filters.and(Filters.eq("s", series.value()), startIn("t", range.fromMilli(), range.toMilli())), 0,
                "read the pending rollup windows of series " + series);
    }

    @Override
    public List<PendingRollup> pending(TimeRange range, int limit) {
        return findPending(startIn("t", range.fromMilli(), range.toMilli()), limit, "read pending rollup windows");
    }

    private List<PendingRollup> findPending(Bson filter, int limit, String what) {
        return failures.translate(what, () -> {
            List<PendingRollup> out = new ArrayList<>();
            pending.find(filter).limit(limit).forEach(document -> out.add(RollupDocuments.toPending(document)));
            return out;
        });
    }

    @Override
    public void clearPending(List<PendingRollup> settled) {
        write(pending, settled.stream().map(RollupDocuments::clear).toList(), "clear " + settled.size() + " pending rollup windows");
    }

    @Override
    public void replace(List<RollupWindow> replaced) {
        replace(replaced, leases.nextVersion());
    }

    /**
     * Upserts each window only over a lower version; where a higher one is stored the upsert's insert
     * fails on the unique (s, w, t) key and is dropped: an upsert whose filter is not only equalities on
     * that key is not retried by the server
     * (https://www.mongodb.com/docs/manual/reference/method/db.collection.updateOne/#upsert-with-duplicate-values).
     */
    @Override
    public void replace(List<RollupWindow> replaced, long version) {
        if (replaced.isEmpty()) {
            return;
        }
        List<WriteModel<Document>> writes = replaced.stream().map(window -> RollupDocuments.replacement(window, version)).toList();
        failures.translate("write " + replaced.size() + " rollup windows", () -> {
            try {
                return windows.bulkWrite(writes, UNORDERED);
            } catch (MongoBulkWriteException e) {
                if (e.getWriteConcernError() != null || e.getWriteErrors().stream()
                        .anyMatch(error -> ErrorCategory.fromErrorCode(error.getCode()) != ErrorCategory.DUPLICATE_KEY)) {
                    throw e;
                }
                return null;   // each failed one lost to a settle of a higher version
            }
        });
    }

    @Override
    public List<WindowAggregate> read(SeriesId series, Duration tier, TimeRange range) {
        return find(ofSeries(series, tier, range), 0, WHOLE, RollupDocuments::toWindow,
                "read the rollup windows of series " + series);
    }

    @Override
    public List<WindowAggregate> readAll(Duration tier, TimeRange range, int limit) {
        return find(ofTier(tier, range), limit, WHOLE, RollupDocuments::toWindow, "read rollup windows");
    }

    @Override
    public List<TierWindow> readTagged(SeriesId series, Duration tier, TimeRange range) {
        return find(ofSeries(series, tier, range), 0, TAGGED, RollupDocuments::toTierWindow,
                "read the rollup windows of series " + series);
    }

    /** Streams the windows from one cursor, closed as soon as the sink has enough: no more batches are fetched. */
    @Override
    public void readAllTagged(Duration tier, TimeRange range, TierSliceSink sink) {
        failures.translate("read rollup windows", () -> {
            try (MongoCursor<Document> cursor = windows.find(ofTier(tier, range)).projection(TAGGED)
                    .sort(Sorts.ascending("s", "t")).iterator()) {
                SeriesId previous = null;
                while (cursor.hasNext()) {
                    TierWindow window = RollupDocuments.toTierWindow(cursor.next());
                    if (!FlatSlices.feed(window, previous, sink)) {
                        break;
                    }
                    previous = window.series();
                }
            }
            return null;
        });
    }

    private static Bson ofSeries(SeriesId series, Duration tier, TimeRange range) {
        return Filters.and(Filters.eq("s", series.value()), ofTier(tier, range));
    }

    private static Bson ofTier(Duration tier, TimeRange range) {
        return Filters.and(Filters.eq("w", tier.toMillis()), timeIn(range), RollupDocuments.HELD);
    }

    /** The held windows matching {@code filter} by series then start, at most {@code limit} (0: all), each as {@code as} reads it. */
    private <T> List<T> find(Bson filter, int limit, Bson projection, Function<Document, T> as, String what) {
        return failures.translate(what, () -> {
            List<T> out = new ArrayList<>();
            windows.find(filter).projection(projection).sort(Sorts.ascending("s", "t")).limit(limit)
                    .forEach(document -> out.add(as.apply(document)));
            return out;
        });
    }

    /**
     * Records the proposed instant as the one since when the tier's windows keep tags, unless one is recorded:
     * a tier kept before this format has windows without them (its record has {@code since} but no
     * {@code tagsSince}), so tag queries read it only from the first start of this version on.
     */
    @Override
    public Instant taggedSince(Duration tier, Instant proposed) {
        coveredSince(tier, proposed);
        return failures.translate("read since when the " + tier + " rollup keeps tags", () -> {
            tiers.updateOne(Filters.and(Filters.eq("_id", tier.toMillis()), Filters.exists("tagsSince", false)),
                    Updates.set("tagsSince", proposed.toEpochMilli()));
            return Instant.ofEpochMilli(((Number) tiers.find(Filters.eq("_id", tier.toMillis())).first().get("tagsSince"))
                    .longValue());
        });
    }

    @Override
    public Instant coveredSince(Duration tier, Instant proposed) {
        return failures.translate("read since when the " + tier + " rollup is kept", () -> Instant.ofEpochMilli(
                ((Number) tiers.findOneAndUpdate(Filters.eq("_id", tier.toMillis()),
                        Updates.setOnInsert("since", proposed.toEpochMilli()),
                        new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER)).get("since")).longValue()));
    }

    /**
     * Empties every window of the series under a new version (a tombstone, which a settle that began before
     * cannot write over), then records its pending windows again under a token with no lease: a window that
     * such a settle is about to create is recomputed, empty, by the next settle, of a higher version.
     */
    @Override
    public long deleteSeries(SeriesId series) {
        long version = leases.nextVersion();
        long emptied = failures.translate("delete the rollup windows of series " + series, () -> windows.updateMany(
                Filters.and(Filters.eq("s", series.value()), RollupDocuments.below(version)), RollupDocuments.tombstone(version))
                .getModifiedCount());
        List<RollupKey> keys = pending(series, new TimeRange(Instant.ofEpochMilli(Long.MIN_VALUE / 2), Instant.ofEpochMilli(Long.MAX_VALUE / 2)))
                .stream().map(PendingRollup::key).toList();
        if (!keys.isEmpty()) {
            writePending(keys, ThreadLocalRandom.current().nextLong());
        }
        return emptied;
    }

    @Override
    public long expireBefore(Duration tier, Instant cutoff) {
        return failures.translate("expire rollup windows before " + cutoff, () -> windows.deleteMany(
                Filters.and(Filters.eq("w", tier.toMillis()), Filters.lt("t", Date.from(cutoff)))).getDeletedCount());
    }

    private void write(MongoCollection<Document> collection, List<WriteModel<Document>> writes, String what) {
        if (!writes.isEmpty()) {
            failures.translate(what, () -> collection.bulkWrite(writes, UNORDERED));
        }
    }

    private static Bson timeIn(TimeRange range) {
        return Filters.and(Filters.gte("t", Date.from(range.from())), Filters.lt("t", Date.from(range.to())));
    }

    private static Bson startIn(String field, long from, long to) {
        return Filters.and(Filters.gte(field, from), Filters.lt(field, to));
    }
}
