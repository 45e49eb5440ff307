package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;

import java.time.Duration;

/**
 * The options of a native time-series collection derived from the bucket and retention policies,
 * limited to what the server's version supports: bucketMaxSpanSeconds = bucketRoundingSeconds =
 * the policy width on 6.3+ (buckets then match the policy's windows), otherwise the smallest
 * granularity whose bucket span covers the width.
 */
record TimeSeriesOptions(String granularity, Long bucketSpanSeconds, Long expireAfterSeconds) {

    static final String TIME_FIELD = "t";
    static final String META_FIELD = "series";
    /** The server's upper bound for bucketMaxSpanSeconds and bucketRoundingSeconds (one year). */
    static final long MAX_BUCKET_SPAN_SECONDS = 31_536_000L;
    /** expireAfterSeconds is a 32-bit integer on the server. */
    static final long MAX_EXPIRE_AFTER_SECONDS = Integer.MAX_VALUE;

    static TimeSeriesOptions derive(BucketPolicy policy, RetentionPolicy retention, ServerVersion version) {
        long widthSeconds = Math.max(1, ceilSeconds(policy.width()));
        long expire = ceilSeconds(retention.retention().plus(retention.grace()));
        Long expireAfter = expire <= MAX_EXPIRE_AFTER_SECONDS ? expire : null;
        if (version.atLeast(ServerVersion.CUSTOM_BUCKETING)) {
            return new TimeSeriesOptions(null, Math.min(widthSeconds, MAX_BUCKET_SPAN_SECONDS), expireAfter);
        }
        return new TimeSeriesOptions(granularity(widthSeconds), null, expireAfter);
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
        Document timeseries = new Document("timeField", TIME_FIELD).append("metaField", META_FIELD);
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
