package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import org.bson.BsonValue;

import java.util.List;

/**
 * Readings planned into one bucket (series, start, seq): one update statement. The readings are
 * in time order, of distinct times, written with one meta, and fit the bucket's room as the planner saw it. A placement
 * that {@code closes} its bucket also marks it full (bytes at the ceiling), because the next
 * placement of its chain opens the following seq; a closing placement may carry no readings.
 *
 * @param appends the readings all follow the bucket's {@code last} as the planner knows it (or the
 *                bucket is new, or unknown and assumed so): pushed without {@code $sort}, the filter
 *                checks {@code last} is before them; otherwise they go in place with {@code $sort}
 * @param stored  the {@code _id} of the bucket as the planner read it, or null for a bucket it did not
 *                see stored (new, or not read): a placement into a bucket it saw must never create the
 *                bucket again once it is gone (folded away by the sealer, evicted, deleted), see {@link BucketUpdate}
 */
record Placement(SeriesId series, long start, int seq, List<Reading> readings, boolean closes, boolean appends,
                 BsonValue stored) {

    Placement {
        if (readings.isEmpty() && !closes) {
            throw new IllegalArgumentException("a placement needs readings unless it closes its bucket");
        }
        readings = List.copyOf(readings);
    }

    /** A placement into a bucket not seen stored: the statement may create it. */
    Placement(SeriesId series, long start, int seq, List<Reading> readings, boolean closes, boolean appends) {
        this(series, start, seq, readings, closes, appends, null);
    }

    /** The meta its readings share (they were planned so), or null for a placement that only closes its bucket. */
    SeriesMeta meta() {
        return readings.isEmpty() ? null : readings.get(0).meta();
    }

    /** The bucket's key, for counting distinct buckets touched. */
    String key() {
        return series.value() + '\u0000' + start + '\u0000' + seq;
    }

    /** The bound of what this statement adds to the bucket's size ({@link BucketBytes}); at most the 8 MiB ceiling. */
    int bytes() {
        return BucketBytes.of(readings);
    }

    /** As {@link #bytes()}, with the sub-window summaries the statement carries under {@code policy}. */
    int bytes(BucketPolicy policy) {
        return BucketBytes.of(readings, SubWindowFields.of(policy));
    }
}
