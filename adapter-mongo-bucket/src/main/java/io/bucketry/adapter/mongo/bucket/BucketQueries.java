package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.conversions.Bson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * Filters and stages shared by the reads. Series are matched by equality on {@code series}
 * (index prefix), never by a regular expression, so no id can match another.
 */
final class BucketQueries {

    /** No upper time bound. */
    static final long OPEN_END = Long.MAX_VALUE;
    static final Bson BY_KEY = Sorts.ascending(SERIES, START, SEQ);

    private final MongoCollection<BsonDocument> buckets;
    private final BucketPolicy policy;

    BucketQueries(MongoCollection<BsonDocument> buckets, BucketPolicy policy) {
        this.buckets = buckets;
        this.policy = policy;
    }

    /** The smallest whole millisecond at or after {@code instant}. */
    static long ceilMillis(Instant instant) {
        long millis = instant.toEpochMilli();
        return instant.getNano() % 1_000_000 == 0 ? millis : millis + 1;
    }

    /**
     * Buckets holding readings in {@code [from, to)}, bounded on the index: a windowed bucket
     * starts after {@code from - width}; a page starts at or after the page holding {@code from}.
     *
     * @param series one series, or null for every series
     */
    Bson overlapping(SeriesId series, long from, long to) {
        List<Bson> conditions = new ArrayList<>();
        if (series != null) {
            conditions.add(Filters.eq(SERIES, series.value()));
        }
        if (policy instanceof BucketPolicy.Windowed windowed) {
            conditions.add(Filters.gt(START, new Date(from - windowed.widthMillis())));
        } else if (series != null) {
            Long pageStart = BucketKnowledge.groupStartAtOrBefore(buckets, series, from);
            if (pageStart != null) {
                conditions.add(Filters.gte(START, new Date(pageStart)));
            }
        }
        if (to != OPEN_END) {
            conditions.add(Filters.lt(START, new Date(to)));
            conditions.add(Filters.lt(FIRST, new Date(to)));
        }
        conditions.add(Filters.gte(LAST, new Date(from)));
        return Filters.and(conditions);
    }

    /** A projection stage keeping a bucket's key, counts and only its readings in {@code [from, to)}. */
    static Bson readingsIn(long from, long to) {
        BsonArray bounds = new BsonArray();
        bounds.add(new BsonDocument("$gte", new BsonArray(List.of(new BsonString("$$r." + TIME), new BsonDateTime(from)))));
        if (to != OPEN_END) {
            bounds.add(new BsonDocument("$lt", new BsonArray(List.of(new BsonString("$$r." + TIME), new BsonDateTime(to)))));
        }
        BsonDocument filter = new BsonDocument("input", new BsonString("$" + READINGS)).append("as", new BsonString("r"))
                .append("cond", new BsonDocument("$and", bounds));
        return Aggregates.project(new BsonDocument(SERIES, new BsonInt32(1)).append(START, new BsonInt32(1))
                .append(SEQ, new BsonInt32(1)).append(COUNT, new BsonInt32(1)).append(BYTES, new BsonInt32(1))
                .append(FIRST, new BsonInt32(1)).append(LAST, new BsonInt32(1))
                .append(COLS, new BsonInt32(1)).append(UNSEALED, new BsonInt32(1))
                .append(BucketMeta.TAGS, new BsonInt32(1)).append(BucketMeta.MEASUREMENT, new BsonInt32(1))
                .append(READINGS, new BsonDocument("$filter", filter)));
    }
}
