package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;

import java.time.Duration;
import java.time.Instant;

/**
 * The options of a native time-series collection derived from the bucket and retention policies,
 * limited to what the server supports (its binary version and featureCompatibilityVersion):
 * bucketMaxSpanSeconds = bucketRoundingSeconds = max(width, 1 h) on 6.3+, otherwise the smallest
 * granularity whose bucket span covers the width; expireAfterSeconds = retention + grace where the
 * server accepts it, else none.
 */
record TimeSeriesOptions(String granularity, Long bucketSpanSeconds, Long expireAfterSeconds) {

    static final String TIME_FIELD = "t";
    static final String META_FIELD = "series";
    /** The server's upper bound for bucketMaxSpanSeconds and bucketRoundingSeconds (one year). */
    static final long MAX_BUCKET_SPAN_SECONDS = 31_536_000L;
    /** A TTL index's expireAfterSeconds is a 32-bit integer on the server (the fallback's index on t). */
    static final long MAX_EXPIRE_AFTER_SECONDS = Integer.MAX_VALUE;
    /**
     * The smallest custom span: the span of granularity "seconds". A span of the width itself would
     * give a 5-minute width at one reading a minute buckets of 5 measurements, which compress badly.
     */
    static final long MIN_BUCKET_SPAN_SECONDS = 3_600L;

    /** @param now the start time: a time-series expiry may not exceed the seconds since 1970 */
    static TimeSeriesOptions derive(BucketPolicy.Windowed policy, RetentionPolicy retention, ServerFeatures server,
                                    Instant now) {
        long widthSeconds = Math.max(1, ceilSeconds(policy.width()));
        long expire = wantedExpireAfterSeconds(retention);
        Long expireAfter = expire <= maxExpireAfterSeconds(now) ? expire : null;
        if (server.atLeast(ServerVersion.CUSTOM_BUCKETING)) {
            long span = Math.min(Math.max(widthSeconds, MIN_BUCKET_SPAN_SECONDS), MAX_BUCKET_SPAN_SECONDS);
            return new TimeSeriesOptions(null, span, expireAfter);
        }
        return new TimeSeriesOptions(granularity(widthSeconds), null, expireAfter);
    }

    /** Retention plus grace in whole seconds, rounded up. */
    static long wantedExpireAfterSeconds(RetentionPolicy retention) {
        return ceilSeconds(retention.retention().plus(retention.grace()));
    }

    /**
     * The largest expiry both collection kinds accept at {@code now}: 2^31-1 for a TTL index, and for a
     * time-series (clustered) collection no more than the seconds since 1970, because its buckets' _id
     * timestamps count seconds from there (index_key_validate.cpp, validateExpireAfterSeconds).
     */
    static long maxExpireAfterSeconds(Instant now) {
        return Math.min(MAX_EXPIRE_AFTER_SECONDS, Math.max(0, now.getEpochSecond()));
    }

    /** seconds (buckets span up to 1 h), minutes (24 h) or hours (30 days). */
    static String granularity(long widthSeconds) {
        if (widthSeconds <= Duration.ofHours(1).toSeconds()) {
            return "seconds";
        }
        return widthSeconds <= Duration.ofDays(1).toSeconds() ? "minutes" : "hours";
    }

    /** The {@code create} command for a time-series collection with these options. */
    Document createCommand(String collection) {
        return createCommand(collection, MetaField.SERIES);
    }

    /** As {@link #createCommand(String)}, with the metaField of {@code meta}. */
    Document createCommand(String collection, MetaField meta) {
        Document timeseries = new Document("timeField", TIME_FIELD).append("metaField", meta.name);
        if (bucketSpanSeconds != null) {
            // The server's options are 32-bit integers; both values are bounded above.
            timeseries.append("bucketMaxSpanSeconds", bucketSpanSeconds.intValue())
                    .append("bucketRoundingSeconds", bucketSpanSeconds.intValue());
        } else {
            timeseries.append("granularity", granularity);
        }
        Document command = new Document("create", collection).append("timeseries", timeseries);
        if (expireAfterSeconds != null) {
            command.append("expireAfterSeconds", expireAfterSeconds.intValue());
        }
        return command;
    }

    private static long ceilSeconds(Duration duration) {
        long millis = duration.toMillis();
        return Math.floorDiv(millis + 999, 1000);
    }
}
