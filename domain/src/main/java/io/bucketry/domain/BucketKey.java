package io.bucketry.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * The identity of a bucket: its series, its start (the window start, or a page's first reading
 * time) and its sequence number (0, then 1, 2, … for the overflow buckets of one window).
 */
public record BucketKey(SeriesId series, long start, int seq) {

    public BucketKey {
        Objects.requireNonNull(series, "series");
        if (seq < 0) {
            throw new IllegalArgumentException("bucket sequence number " + seq + " must not be negative");
        }
    }

    /** The next overflow bucket of the same window. */
    public BucketKey next() {
        return new BucketKey(series, start, seq + 1);
    }

    @Override
    public String toString() {
        return series + "@" + Instant.ofEpochMilli(start) + "#" + seq;
    }
}
