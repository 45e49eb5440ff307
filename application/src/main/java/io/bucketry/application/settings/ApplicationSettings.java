package io.bucketry.application.settings;

import io.bucketry.domain.RetentionPolicy;

import java.util.Objects;

/**
 * The application's own limits and rules.
 *
 * @param maxBatchSize a larger ingest batch is refused whole
 * @param maxWindows an aggregation that would produce more windows is refused
 * @param defaultPageSize page size when a page request names none
 * @param ingestParallelism at most this many parts a large ingest batch is validated in at once, on the
 *        executor the embedder gives the ingest service (1: on the calling thread only)
 */
public record ApplicationSettings(RetentionPolicy retention, int maxBatchSize, int maxWindows, int defaultPageSize,
                                  int ingestParallelism) {

    public static final int DEFAULT_MAX_BATCH_SIZE = 100_000;
    public static final int DEFAULT_MAX_WINDOWS = 100_000;
    public static final int DEFAULT_PAGE_SIZE = 1000;

    public ApplicationSettings {
        Objects.requireNonNull(retention, "retention");
        requirePositive("max batch size", maxBatchSize);
        requirePositive("max windows", maxWindows);
        requirePositive("default page size", defaultPageSize);
        requirePositive("ingest parallelism", ingestParallelism);
    }

    /** With an ingest parallelism of 1: every batch is validated on the calling thread. */
    public ApplicationSettings(RetentionPolicy retention, int maxBatchSize, int maxWindows, int defaultPageSize) {
        this(retention, maxBatchSize, maxWindows, defaultPageSize, 1);
    }

    public static ApplicationSettings defaults() {
        return new ApplicationSettings(RetentionPolicy.defaults(), DEFAULT_MAX_BATCH_SIZE, DEFAULT_MAX_WINDOWS,
                DEFAULT_PAGE_SIZE);
    }

    public ApplicationSettings withRetention(RetentionPolicy policy) {
        return new ApplicationSettings(policy, maxBatchSize, maxWindows, defaultPageSize, ingestParallelism);
    }

    public ApplicationSettings withIngestParallelism(int parallelism) {
        return new ApplicationSettings(retention, maxBatchSize, maxWindows, defaultPageSize, parallelism);
    }

    private static void requirePositive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " " + value + " must be positive");
        }
    }
}
