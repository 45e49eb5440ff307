package io.bucketry.adapter.mongo.common.rollups;

import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.WriteModel;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.SeriesId;
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
import java.util.function.LongPredicate;

/**
 * Rollup tiers in two plain collections beside a Mongo adapter's readings, over that adapter's
 * client: {@code <name>.rollups} (the windows), {@code <name>.rollups_pending} (windows to
 * recompute, written before the batch's readings, so that they survive a crash) and
 * {@code <name>.rollups_tiers} (since when each tier holds every window). Both Mongo
 * adapters open it on their own database; it holds no state of its own between failures.
 */
public final class MongoRollupStore implements StoreRollups {

    private static final BulkWriteOptions UNORDERED = new BulkWriteOptions().ordered(false);

    private final MongoCollection<Document> windows;
    private final MongoCollection<Document> pending;
    private final MongoCollection<Document> tiers;
    private final MongoFailures failures;

    private MongoRollupStore(MongoCollection<Document> windows, MongoCollection<Document> pending,
                             MongoCollection<Document> tiers, MongoFailures failures) {
        this.windows = windows;
        this.pending = pending;
        this.tiers = tiers;
        this.failures = failures;
    }

    /**
     * Opens (creating their indexes if needed) the rollup collections beside readings collection
     * {@code readings}, over the client of the store that owns it.
     * A native time-series collection cannot be a $merge target
     * (https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/#aggregation-merge), so tiers
     * live in a plain collection, written by replacement upserts on a unique (series, tier, start) index.
     */
    public static MongoRollupStore open(MongoClient client, MongoNamespace readings, MongoFailures failures) {
        MongoDatabase database = client.getDatabase(readings.getDatabaseName());
        String name = readings.getCollectionName();
        MongoCollection<Document> windows = database.getCollection(name + ".rollups");
        MongoCollection<Document> pending = database.getCollection(name + ".rollups_pending");
        failures.translate("create the rollup indexes of " + name, () -> {
            windows.createIndexes(RollupDocuments.windowIndexes());
            return pending.createIndexes(RollupDocuments.pendingIndexes());
        });
        return new MongoRollupStore(windows, pending, database.getCollection(name + ".rollups_tiers"), failures);
    }

    @Override
    public void recordPending(List<RollupKey> keys, long token, LongPredicate running) {
        List<WriteModel<Document>> writes = new ArrayList<>(keys.size());
        for (RollupKey key : new LinkedHashSet<>(keys)) {
            writes.add(RollupDocuments.pending(key, token));
        }
        write(pending, writes, "record " + writes.size() + " pending rollup windows");
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
        write(windows, replaced.stream().map(RollupDocuments::replacement).toList(), "write " + replaced.size() + " rollup windows");
    }

    @Override
    public List<WindowAggregate> read(SeriesId series, Duration tier, TimeRange range) {
        Bson filter = Filters.and(Filters.eq("s", series.value()), Filters.eq("w", tier.toMillis()), timeIn(range));
        return findWindows(filter, 0, "read the rollup windows of series " + series);
    }

    @Override
    public List<WindowAggregate> readAll(Duration tier, TimeRange range, int limit) {
        return findWindows(Filters.and(Filters.eq("w", tier.toMillis()), timeIn(range)), limit, "read rollup windows");
    }

    private List<WindowAggregate> findWindows(Bson filter, int limit, String what) {
        return failures.translate(what, () -> {
            List<WindowAggregate> out = new ArrayList<>();
            windows.find(filter).sort(Sorts.ascending("s", "t")).limit(limit)
                    .forEach(document -> out.add(RollupDocuments.toWindow(document)));
            return out;
        });
    }

    @Override
    public Instant coveredSince(Duration tier, Instant proposed) {
        return failures.translate("read since when the " + tier + " rollup is kept", () -> Instant.ofEpochMilli(
                ((Number) tiers.findOneAndUpdate(Filters.eq("_id", tier.toMillis()),
                        Updates.setOnInsert("since", proposed.toEpochMilli()),
                        new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER)).get("since")).longValue()));
    }

    @Override
    public long deleteSeries(SeriesId series) {
        return failures.translate("delete the rollup windows of series " + series,
                () -> windows.deleteMany(Filters.eq("s", series.value())).getDeletedCount());
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
