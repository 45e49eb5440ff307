package io.bucketry.application.port.out;

/**
 * A behaviour a backend may or may not have; the contract suite skips what a store lacks.
 * Capabilities describe what a store answers or keeps, never how fast it is.
 */
public enum Capability {
    /**
     * Buckets follow the {@link io.bucketry.domain.BucketPolicy}: at most maxCount readings and
     * maxBytes each, overflow to the next sequence number. Stores whose server sizes its own
     * buckets (native time-series collections) lack it; what they return is the same.
     */
    POLICY_BUCKETS,
    /**
     * Buckets of a paged policy are stored as pages of exactly maxCount readings (seed 001), so
     * page N is one bucket read. Stores without it refuse a paged policy when built.
     */
    PAGED_BUCKETS,
    /**
     * {@link DescribeStore#listSeries} gives each series' count and first and last times (of its
     * unexpired readings); stores without it list ids only, since counting would read every bucket.
     */
    SERIES_COUNTS,
    /**
     * Buckets of a windowed policy with {@link io.bucketry.domain.SubWindows} keep per-sub-window
     * summaries, and aggregates whose window is a multiple of the sub-window read them (the answer is
     * the same as from the readings). The contract suite runs its sub-window cases only on stores
     * with it.
     */
    SUB_WINDOW_SUMMARIES,
    /** The average stored bucket size in bytes can be measured ({@code avgBucketBytes} is not null). */
    BUCKET_BYTES,
    /**
     * The store keeps its readings across a close and a reopen on the same place (a collection),
     * with the layout they were stored in: a reopen with a layout that would misplace them is
     * refused. Stores without it start empty every time.
     */
    DURABLE,
    /**
     * The store keeps the {@link io.bucketry.domain.SeriesMeta} (measurement and tags) each reading was
     * written with, and answers the tag queries: listings filtered by tags with each series' latest
     * tags, aggregates filtered by tags, grouped aggregates, latest and raw reads filtered by tags.
     * Stores without it store readings without their meta and refuse those queries with a
     * {@link TagsUnsupportedException}.
     */
    TAGS
}
