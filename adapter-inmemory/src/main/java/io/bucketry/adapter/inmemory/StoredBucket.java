package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSummary;

import java.util.Map;

/**
 * A bucket as a series of the in-memory store holds it: open, as rows that take writes
 * ({@link PackedBucket}), or sealed, as compressed columns ({@link SealedColumns}). What is asked of
 * both without reading a reading; the readings themselves through {@link BucketRows}.
 */
sealed interface StoredBucket permits PackedBucket, SealedColumns {

    /** Window start (windowed policy) or the time of the first reading when opened (paged policy). */
    long start();

    int seq();

    int count();

    /** Time of the earliest reading; the bucket must not be empty. */
    long firstTime();

    /** Time of the latest reading; the bucket must not be empty. */
    long lastTime();

    /** Pre-computed count/min/max/sum per numeric field, in column order. */
    Map<String, FieldSummary> summaries();

    /** Bytes of heap held by this bucket, headers included. */
    long heapBytes();

    /** What the store's capacity counts for this bucket: its readings' estimate when open, its heap when sealed. */
    long accountedBytes();
}
