package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.bucketry.application.port.out.StorageStatistics;
import org.bson.Document;

import java.util.List;

/**
 * Bucket statistics: on a time-series collection the server's own buckets, from the timeseries
 * section of collStats and the buckets' control.count; in the fallback, documents, which are
 * readings (nothing is bucketed).
 */
final class StatisticsReader {

    static final String BACKEND = "mongo-timeseries";
    private static final String FALLBACK_NOTE = "fallback: a plain collection of one document per reading (the"
            + " server has no native time-series collections), so buckets = documents = readings; bucket bytes"
            + " not measured";
    private static final String NATIVE_NOTE = "native time-series collection: buckets and average bucket bytes"
            + " from collStats storageStats.timeseries (bucketCount, avgBucketSize; summed over shards), readings per bucket from the"
            + " buckets' control.count; readings are stored measurements";

    private final MongoDatabase database;
    private final MongoCollection<Document> collection;
    private final boolean fallback;
    private final MetaField meta;

    StatisticsReader(MongoDatabase database, MongoCollection<Document> collection, boolean fallback, MetaField meta) {
        this.meta = meta;
        this.database = database;
        this.collection = collection;
        this.fallback = fallback;
    }

    StorageStatistics read() {
        Document counts = collection.aggregate(List.of(
                new Document("$group", new Document("_id", meta.seriesExpression()).append("n", new Document("$sum", 1))),
                new Document("$group", new Document("_id", null).append("series", new Document("$sum", 1))
                        .append("readings", new Document("$sum", "$n"))))).allowDiskUse(true).first();
        long series = counts == null ? 0 : counts.get("series", Number.class).longValue();
        long readings = counts == null ? 0 : counts.get("readings", Number.class).longValue();
        if (fallback) {
            return StorageStatistics.of(BACKEND, series, readings, readings, readings == 0 ? 0 : 1, null, FALLBACK_NOTE);
        }
        BucketTotals totals = timeSeriesStats();
        long buckets = totals.buckets();
        Double avgBytes = buckets == 0 ? null : totals.avgBucketBytes();
        Long max = buckets == 0 ? Long.valueOf(0) : maxReadingsPerBucket();
        return StorageStatistics.of(BACKEND, series, readings, buckets, max == null ? 0 : max, avgBytes,
                max == null ? NATIVE_NOTE + "; the buckets collection could not be read, so the maximum"
                        + " readings per bucket shows 0" : NATIVE_NOTE);
    }

    /** The server's bucket count of a time-series collection. */
    long bucketCount() {
        return timeSeriesStats().buckets();
    }

    /** The collection's buckets from $collStats (one document per shard), or the collStats command before it. */
    private BucketTotals timeSeriesStats() {
        try {
            return BucketTotals.sum(collection.aggregate(List.of(
                    new Document("$collStats", new Document("storageStats", new Document())))));
        } catch (MongoException e) {
            Document stats = database.runCommand(new Document("collStats", collection.getNamespace().getCollectionName()));
            return BucketTotals.sum(List.of(new Document("storageStats", stats)));
        }
    }

    /**
     * The most measurements in one bucket: control.count of compressed buckets (5.2+), else the
     * number of entries of the uncompressed data.t; null where the buckets collection is not
     * readable (permissions, or a server that no longer exposes it).
     */
    private Long maxReadingsPerBucket() {
        Document count = new Document("$cond", List.of(
                new Document("$eq", List.of(new Document("$type", "$control.count"), "missing")),
                new Document("$size", new Document("$objectToArray", "$data.t")),
                "$control.count"));
        try {
            Document max = database.getCollection("system.buckets." + collection.getNamespace().getCollectionName())
                    .aggregate(List.of(new Document("$group", new Document("_id", null)
                            .append("max", new Document("$max", count))))).first();
            Number value = max == null ? null : max.get("max", Number.class);
            return value == null ? 0L : value.longValue();
        } catch (MongoException e) {
            return null;
        }
    }
}
