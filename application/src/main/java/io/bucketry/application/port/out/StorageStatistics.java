package io.bucketry.application.port.out;

import java.util.Objects;

/**
 * Bucket statistics of what a store physically holds (seed 000's "Verify with").
 *
 * @param avgBucketBytes average stored bucket size in bytes, or null where the backend cannot measure it
 * @param documentReduction readings per bucket: how many times fewer documents than one per reading
 * @param note how the figures were obtained, where a reader could be misled (may be null)
 */
public record StorageStatistics(String backend, long series, long readings, long buckets,
                                double avgReadingsPerBucket, long maxReadingsPerBucket,
                                Double avgBucketBytes, double documentReduction, String note) {

    public StorageStatistics {
        Objects.requireNonNull(backend, "backend");
    }

    /** Statistics whose averages and reduction are derived from the counts. */
    public static StorageStatistics of(String backend, long series, long readings, long buckets,
                                       long maxReadingsPerBucket, Double avgBucketBytes, String note) {
        double perBucket = buckets == 0 ? 0 : (double) readings / buckets;
        return new StorageStatistics(backend, series, readings, buckets, perBucket, maxReadingsPerBucket,
                avgBucketBytes, perBucket, note);
    }
}
