package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/** Range reads and the latest reading of one series. */
final class BucketReader {

    private static final Bson LAST_READING = Projections.fields(
            Projections.include(SERIES, START, SEQ, COUNT, FIRST, LAST, BucketMeta.TAGS, BucketMeta.MEASUREMENT),
            Projections.slice(READINGS, -1));
    /**
     * The sealed layout's: a sealed document has no {@code readings}, so the last element is taken by
     * the {@code $slice} expression of an empty array there
     * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/slice/), and the columns come along.
     */
    static final Bson LAST_OF_EITHER = Aggregates.project(new BsonDocument(SERIES, new BsonInt32(1))
            .append(START, new BsonInt32(1)).append(SEQ, new BsonInt32(1)).append(LAST, new BsonInt32(1))
            .append(COLS, new BsonInt32(1)).append(BucketMeta.TAGS, new BsonInt32(1))
            .append(BucketMeta.MEASUREMENT, new BsonInt32(1)).append(READINGS, new BsonDocument("$slice", new BsonArray(List.of(
                    new BsonDocument("$ifNull", new BsonArray(List.of(new BsonString("$" + READINGS), new BsonArray()))),
                    new BsonInt32(-1))))));

    private final MongoCollection<BsonDocument> buckets;
    private final BucketQueries queries;
    private final boolean sealedLayout;

    BucketReader(MongoCollection<BsonDocument> buckets, BucketQueries queries, boolean sealedLayout) {
        this.buckets = buckets;
        this.queries = queries;
        this.sealedLayout = sealedLayout;
    }

    /** Reads only overlapping buckets, in key order, and only their readings in range; stops at the limit. */
    List<Reading> read(SeriesId series, TimeRange range, int limit) {
        return read(series, TagFilter.ANY, range, limit);
    }

    /** As {@link #read(SeriesId, TimeRange, int)}, of the buckets written with tags {@code filter} keeps. */
    List<Reading> read(SeriesId series, TagFilter filter, TimeRange range, int limit) {
        long from = range.fromMilli();
        long to = range.toMilli();
        List<Bson> pipeline = List.of(Aggregates.match(BucketMeta.and(queries.overlapping(series, from, to), filter)),
                Aggregates.sort(BucketQueries.BY_KEY), BucketQueries.readingsIn(from, to));
        List<Reading> out = new ArrayList<>();
        List<StoredBucket> group = new ArrayList<>();
        for (BsonDocument document : buckets.aggregate(pipeline).batchSize(64)) {
            StoredBucket bucket = StoredBucket.from(document);
            if (!group.isEmpty() && group.get(0).start() != bucket.start()) {
                out.addAll(new BucketGroup(group.get(0).start(), group).readingsIn(from, to));
                group = new ArrayList<>();
                if (out.size() >= limit) {
                    break;
                }
            }
            group.add(bucket);
        }
        if (!group.isEmpty() && out.size() < limit) {
            out.addAll(new BucketGroup(group.get(0).start(), group).readingsIn(from, to));
        }
        return out.size() > limit ? new ArrayList<>(out.subList(0, limit)) : out;
    }

    /**
     * The latest reading lies in the group with the greatest start, in its bucket with the
     * greatest {@code last} (with overflow buckets and late readings, not necessarily the highest
     * seq). One bucket read, with only its last reading projected; a second only for overflow.
     */
    Optional<Reading> latest(SeriesId series, long notBefore) {
        // A fold's stub is never a window's highest seq, but it may outlive its sealed document for a moment (TTL deletes one by one).
        Bson ofSeries = sealedLayout ? Filters.and(Filters.eq(SERIES, series.value()), FoldedStub.NOT_STUB)
                : Filters.eq(SERIES, series.value());
        BsonDocument top = last(ofSeries, Sorts.descending(SERIES, START, SEQ));
        if (top == null) {
            return Optional.empty();
        }
        if (top.getNumber(SEQ).intValue() > 0) {
            top = last(Filters.and(ofSeries, Filters.eq(START, top.getDateTime(START))), Sorts.descending(LAST));
            if (top == null) {
                return Optional.empty();
            }
        }
        return lastReading(series, top, notBefore);
    }

    /**
     * The reading of {@code top}, the bucket holding a series' latest reading projected to its last
     * reading (or its columns), if it is at or after {@code notBefore}.
     */
    static Optional<Reading> lastReading(SeriesId series, BsonDocument top, long notBefore) {
        if (top.getDateTime(LAST).getValue() < notBefore) {
            return Optional.empty();
        }
        return lastOf(series, top);
    }

    /** The last reading of a bucket read with {@link #lastReadings}, with the bucket's meta. */
    static Optional<Reading> lastOf(SeriesId series, BsonDocument top) {
        if (top.isBinary(COLS)) {
            List<Reading> sealed = SealedColumns.decode(series, top.getBinary(COLS).getData());
            if (sealed.isEmpty()) {
                return Optional.empty();
            }
            // the document's readings share its numbers: the one a caller keeps must not keep them all
            Reading last = sealed.get(sealed.size() - 1);
            return Optional.of(Reading.at(series, last.epochMilli(), last.fields().detached()).withMeta(BucketMeta.of(top)));
        }
        if (!top.isArray(READINGS) || top.getArray(READINGS).isEmpty()) {
            return Optional.empty();
        }
        BsonValue last = top.getArray(READINGS).get(0);
        return Optional.of(ReadingCodec.decode(series, last.asDocument()).withMeta(BucketMeta.of(top)));
    }

    /** The buckets {@code filter} matches, each with only its last reading (or its columns) and its meta. */
    Iterable<BsonDocument> lastReadings(Bson filter) {
        if (sealedLayout) {
            return buckets.aggregate(List.of(Aggregates.match(filter), LAST_OF_EITHER));
        }
        return buckets.find(filter).projection(LAST_READING);
    }

    /** The first bucket by {@code sort}, with only its last reading (or its columns). */
    private BsonDocument last(Bson filter, Bson sort) {
        if (sealedLayout) {
            return buckets.aggregate(List.of(Aggregates.match(filter), Aggregates.sort(sort), Aggregates.limit(1),
                    LAST_OF_EITHER)).first();
        }
        return buckets.find(filter).sort(sort).limit(1).projection(LAST_READING).first();
    }
}
