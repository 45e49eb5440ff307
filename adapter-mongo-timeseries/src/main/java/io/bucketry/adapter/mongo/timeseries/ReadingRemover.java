package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.Date;

/**
 * Deletes a series (on the metaField) and readings before a cutoff, within what the server allows
 * on time-series collections: metaField deletes from 5.1, any filter from 7.0.
 */
final class ReadingRemover {

    private final StoreLayout layout;
    private final MongoCollection<Document> collection;
    private final StatisticsReader statistics;
    private final BucketPolicy.Windowed policy;

    ReadingRemover(StoreLayout layout, StatisticsReader statistics, BucketPolicy.Windowed policy) {
        this.layout = layout;
        this.collection = layout.collection();
        this.statistics = statistics;
        this.policy = policy;
    }

    /** Readings removed. On 5.1–6.x a metaField delete may count buckets, so readings are counted first. */
    long deleteSeries(SeriesId series) {
        if (!layout.canDeleteBySeries()) {
            throw new UnsupportedOperationException(StartMessages.noDeletes(layout.version()));
        }
        Bson filter = Filters.eq(layout.meta().series, series.value());
        long counted = layout.deleteCountsReadings() ? -1 : collection.countDocuments(filter);
        long deleted = collection.deleteMany(filter).getDeletedCount();
        return counted < 0 ? deleted : counted;
    }

    /**
     * Removes the readings of policy windows that end at or before {@code cutoff} — a window still
     * holding a reading at or after it is kept whole, like a bucket — and answers the buckets
     * removed: documents in the fallback (one per reading); on a time-series collection the fall of
     * the server's bucket count (its buckets span max(width, 1 h) from 6.3, so a window is a bucket
     * only for widths of an hour or more; deleting part of a bucket's readings does not remove it).
     * Before 7.0 nothing is deleted here (0): the collection's expireAfterSeconds removes buckets.
     */
    long evictBefore(Instant cutoff) {
        if (!layout.canDeleteByTime()) {
            return 0;
        }
        long firstKeptWindow = policy.windowStart(cutoff.toEpochMilli());
        Bson filter = Filters.lt(ReadingDocuments.TIME, new Date(firstKeptWindow));
        if (layout.fallback()) {
            return collection.deleteMany(filter).getDeletedCount();
        }
        long before = statistics.bucketCount();
        collection.deleteMany(filter);
        return Math.max(0, before - statistics.bucketCount());
    }
}
