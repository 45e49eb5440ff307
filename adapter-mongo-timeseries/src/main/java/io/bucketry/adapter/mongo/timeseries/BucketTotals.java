package io.bucketry.adapter.mongo.timeseries;

import org.bson.Document;

/**
 * The server's buckets of a time-series collection, from the {@code storageStats.timeseries} section
 * of {@code $collStats}, summed over its documents: on a sharded collection it answers one document
 * per shard (https://www.mongodb.com/docs/manual/reference/operator/aggregation/collStats/).
 *
 * @param avgBucketBytes the mean of the shards' averages weighted by their bucket counts; null when unknown
 */
record BucketTotals(long buckets, Double avgBucketBytes) {

    static BucketTotals sum(Iterable<Document> collStats) {
        long buckets = 0;
        long sizedBuckets = 0;
        double bytes = 0;
        for (Document document : collStats) {
            Document storage = document.get("storageStats", Document.class);
            Document timeseries = storage == null ? null : storage.get("timeseries", Document.class);
            if (timeseries == null) {
                continue;
            }
            Number count = timeseries.get("bucketCount", Number.class);
            Number average = timeseries.get("avgBucketSize", Number.class);
            long n = count == null ? 0 : count.longValue();
            buckets += n;
            if (average != null) {
                sizedBuckets += n;
                bytes += average.doubleValue() * n;
            }
        }
        return new BucketTotals(buckets, sizedBuckets == 0 ? null : bytes / sizedBuckets);
    }
}
