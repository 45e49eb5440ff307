package io.bucketry.bootstrap.config;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SealPolicy;
import io.bucketry.domain.RollupTiers;

import java.time.Duration;
import java.util.Objects;

/**
 * Everything an embedded store is built from: backend, bucket policy, retention, tiers, sub-windows,
 * sealing and the Mongo connection; nothing of a server. Build one with {@link #builder()}; the command
 * line builds one from flags, environment and a YAML file. {@link #toString()} never shows credentials.
 *
 * @param bucketWidth window width of the windowed policy
 * @param bucketMaxCount at most this many readings per bucket of the windowed policy
 * @param pageSize readings per page: the paged policy's bucket size and the default page size of page queries
 * @param maxWindows an aggregation that would produce more windows is refused
 * @param sweepInterval how often buckets past retention + grace are reclaimed
 * @param memoryLimitPercent the inmemory store refuses batches once its readings would take more than this share of the JVM's max heap
 * @param ingestParallelism at most this many parts a large ingest batch is validated in at once, on a
 *        pool this instance owns (default: this machine's processors, at most 8; 1: on the caller only)
 * @param sealAfter how long after a window's end a store seals it (stores it as compressed columns): the
 *        inmemory store, and mongo-bucket with {@code mongoLayout: sealed} (kept in its settings too);
 *        0 seals it as soon as it has ended
 * @param rollups rollup tiers kept beside the readings (default none); each kept at least as long as the readings
 * @param subWindow width of the sub-window summaries each windowed bucket keeps (the computed pattern), or 0: none (the default)
 */
public record BucketryConfig(Backend backend, BucketPolicyKind bucketPolicy, Duration bucketWidth, int bucketMaxCount,
                             int pageSize, Duration retention, Duration grace, Duration futureTolerance,
                             int maxBatchSize, int maxWindows, Duration sweepInterval, MongoSettings mongo,
                             int memoryLimitPercent, int ingestParallelism,
                             Duration sealAfter, RollupTiers rollups, Duration subWindow) {

    public BucketryConfig {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(bucketPolicy, "bucketPolicy");
        Objects.requireNonNull(bucketWidth, "bucketWidth");
        Objects.requireNonNull(sweepInterval, "sweepInterval");
        Objects.requireNonNull(mongo, "mongo");
        if (memoryLimitPercent < 1 || memoryLimitPercent > 95) {
            throw new IllegalArgumentException("memoryLimit " + memoryLimitPercent + "% must be from 1% to 95% of the heap");
        }
        if (sweepInterval.isNegative() || sweepInterval.isZero()) {
            throw new IllegalArgumentException("sweepInterval " + DurationText.of(sweepInterval) + " must be positive");
        }
        if (ingestParallelism < 1 || ingestParallelism > MAX_INGEST_PARALLELISM) {
            throw new IllegalArgumentException("ingestParallelism " + ingestParallelism + " must be from 1 to "
                    + MAX_INGEST_PARALLELISM);
        }
        new ApplicationSettings(new RetentionPolicy(retention, grace, futureTolerance), maxBatchSize, maxWindows, pageSize);
        Objects.requireNonNull(rollups, "rollups").requireOutlive(new RetentionPolicy(retention, grace, futureTolerance));
        BucketPolicy.windowed(bucketWidth, bucketMaxCount);
        BucketPolicy.paged(pageSize);
        new SealPolicy(sealAfter);
        SubWindowChoice.of(backend, bucketPolicy, bucketWidth, bucketMaxCount, Objects.requireNonNull(subWindow, "subWindow"));
    }

    /** The largest ingest parallelism accepted: more parts than this only add hand-offs. */
    public static final int MAX_INGEST_PARALLELISM = 256;

    public static BucketryConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Every key as it would be written in a configuration file; the Mongo URI with its credentials masked. */
    @Override
    public String toString() {
        return ConfigText.of(this);
    }

    /** A builder holding this configuration's values. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The bucket policy the store is built with. */
    public BucketPolicy bucketPolicyValue() {
        return bucketPolicy == BucketPolicyKind.PAGED
                ? BucketPolicy.paged(pageSize)
                : BucketPolicy.windowed(bucketWidth, bucketMaxCount)
                        .withSubWindows(SubWindowChoice.of(backend, bucketPolicy, bucketWidth, bucketMaxCount, subWindow));
    }

    /** When the inmemory store seals a bucket. */
    public SealPolicy sealPolicy() {
        return new SealPolicy(sealAfter);
    }

    /**
     * The retention the store and reclaim use. With rollups, buckets are kept the largest rollup window
     * longer than {@code grace} says (queries still end at {@code retention}): a late reading's window must
     * still be recomputable whole from its raw readings.
     */
    public RetentionPolicy retentionPolicy() {
        return new RetentionPolicy(retention, grace.plus(rollups.largestWindow()), futureTolerance);
    }

    public ApplicationSettings applicationSettings() {
        return new ApplicationSettings(retentionPolicy(), maxBatchSize, maxWindows, pageSize, ingestParallelism);
    }

    /** The default ingest parallelism: this machine's processors, at most 8. */
    public static int defaultIngestParallelism() {
        return Math.min(8, Runtime.getRuntime().availableProcessors());
    }

    /** Builds a {@link BucketryConfig}; every value starts at its default. */
    public static final class Builder {
        private Backend backend = Backend.INMEMORY;
        private BucketPolicyKind bucketPolicy = BucketPolicyKind.WINDOWED;
        private Duration bucketWidth = BucketPolicy.DEFAULT_WIDTH;
        private int bucketMaxCount = BucketPolicy.DEFAULT_MAX_COUNT;
        private int pageSize = ApplicationSettings.DEFAULT_PAGE_SIZE;
        private Duration retention = RetentionPolicy.DEFAULT_RETENTION;
        private Duration grace = RetentionPolicy.DEFAULT_GRACE;
        private Duration futureTolerance = RetentionPolicy.DEFAULT_FUTURE_TOLERANCE;
        private int maxBatchSize = ApplicationSettings.DEFAULT_MAX_BATCH_SIZE;
        private int maxWindows = ApplicationSettings.DEFAULT_MAX_WINDOWS;
        private Duration sweepInterval = Duration.ofMinutes(1);
        private MongoSettings mongo = MongoSettings.defaults();
        private int memoryLimitPercent = 50;
        private int ingestParallelism = defaultIngestParallelism();
        private Duration sealAfter = SealPolicy.DEFAULT_SEAL_AFTER;
        private RollupTiers rollups = RollupTiers.none();
        private Duration subWindow = Duration.ZERO;

        private Builder() {
        }

        private Builder(BucketryConfig c) {
            backend = c.backend; bucketPolicy = c.bucketPolicy; bucketWidth = c.bucketWidth;
            bucketMaxCount = c.bucketMaxCount; pageSize = c.pageSize; retention = c.retention; grace = c.grace;
            futureTolerance = c.futureTolerance; maxBatchSize = c.maxBatchSize; maxWindows = c.maxWindows;
            sweepInterval = c.sweepInterval; mongo = c.mongo;
            memoryLimitPercent = c.memoryLimitPercent;
            ingestParallelism = c.ingestParallelism;
            sealAfter = c.sealAfter;
            rollups = c.rollups;
            subWindow = c.subWindow;
        }

        public Builder backend(Backend value) { backend = value; return this; }
        public Builder bucketPolicy(BucketPolicyKind value) { bucketPolicy = value; return this; }
        public Builder bucketWidth(Duration value) { bucketWidth = value; return this; }
        public Builder bucketMaxCount(int value) { bucketMaxCount = value; return this; }
        public Builder pageSize(int value) { pageSize = value; return this; }
        public Builder retention(Duration value) { retention = value; return this; }
        public Builder grace(Duration value) { grace = value; return this; }
        public Builder futureTolerance(Duration value) { futureTolerance = value; return this; }
        public Builder maxBatchSize(int value) { maxBatchSize = value; return this; }
        public Builder maxWindows(int value) { maxWindows = value; return this; }
        public Builder sweepInterval(Duration value) { sweepInterval = value; return this; }
        public Builder mongo(MongoSettings value) { mongo = value; return this; }
        public Builder memoryLimitPercent(int value) { memoryLimitPercent = value; return this; }
        public Builder ingestParallelism(int value) { ingestParallelism = value; return this; }
        /** When a window is sealed: by the inmemory store, and by mongo-bucket with {@code mongoLayout: sealed}. */
        public Builder sealAfter(Duration value) {
            sealAfter = value;
            return this;
        }

        public Builder rollups(RollupTiers value) { rollups = value; return this; }
        /** Sub-window summaries every {@code value} in each windowed bucket; 0: none. */
        public Builder subWindow(Duration value) { subWindow = value; return this; }

        public Builder mongoUri(String value) { mongo = mongo.withUri(value); return this; }
        public Builder mongoDatabase(String value) { mongo = mongo.withDatabase(value); return this; }
        public Builder mongoCollection(String value) { mongo = mongo.withCollection(value); return this; }
        public Builder timeseriesFallback(boolean value) { mongo = mongo.withTimeseriesFallback(value); return this; }
        public Builder embeddedMongo(boolean value) { mongo = mongo.withEmbedded(value); return this; }

        /** mongo-bucket's document layout ({@code mongoLayout}). */
        public Builder mongoLayout(MongoLayout value) {
            mongo = mongo.withBucketLayout(value, mongo.sealAfter());
            return this;
        }

        /** Whether a Mongo collection keeps tags ({@code mongoTags}; null: as its layout record says); inmemory always does. */
        public Builder mongoTags(Boolean value) {
            mongo = mongo.withTags(value);
            return this;
        }

        public Builder mongoTimeout(Duration value) {
            mongo = mongo.withTimeout(value);
            return this;
        }

        /** The configuration; IllegalArgumentException naming the first invalid value. */
        public BucketryConfig build() {
            // one sealAfter for both sealing stores: mongo-bucket's settings take the key's value (a negative
            // one is left for the constructor to refuse in the key's words)
            MongoSettings mongo = sealAfter == null || sealAfter.isNegative() ? this.mongo
                    : this.mongo.withBucketLayout(this.mongo.bucketLayout(), sealAfter);
            return new BucketryConfig(backend, bucketPolicy, bucketWidth, bucketMaxCount, pageSize, retention, grace,
                    futureTolerance, maxBatchSize, maxWindows, sweepInterval, mongo, memoryLimitPercent, ingestParallelism,
                    sealAfter, rollups, subWindow);
        }
    }
}
