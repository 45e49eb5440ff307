package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;

import java.util.LinkedHashMap;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * The one upsert statement that adds a placement's readings to its bucket. The filter only
 * matches the bucket if it has room for all of them and holds none of their times; otherwise the
 * upsert tries to insert the bucket's key again and fails with E11000 on the unique index (or, for a
 * bucket the planner read, fails before inserting: {@link #onlyIfThere}), which
 * tells the writer to look before it retries. So a batch without duplicates costs no read.
 * Appending readings (all after the bucket's {@code last}, the filter checks it) are pushed without
 * {@code $sort}: the server then logs only the new elements in the oplog, where any {@code $sort}
 * makes it log the whole array (src/mongo/db/update/push_node.h: kArrayAppendUpdate only "if ... no
 * slice or sort gets performed", else kNormalUpdate, a $set of the entire element). Late ones keep
 * {@code $sort} and a {@code $nin} of their times.
 * A closing placement sets {@code bytes} to the ceiling, so that no writer adds to the bucket
 * once a higher seq may exist: any bucket with room is the highest of its window.
 */
final class BucketUpdate {

    /** What a statement for a bucket that is gone would set on insert, which the server refuses ({@link #onlyIfThere}). */
    static final String GONE = ID + ".gone";

    private BucketUpdate() {
    }

    static UpdateOneModel<BsonDocument> of(Placement placement, BucketPolicy policy) {
        return of(placement, policy, false, false);
    }

    /** A statement of a collection without tags. */
    static UpdateOneModel<BsonDocument> of(Placement placement, BucketPolicy policy, boolean marked) {
        return of(placement, policy, marked, false);
    }

    /**
     * @param marked the sealed layout: a new row document carries {@code unsealed: true}, for the sealer to find
     * @param tagged the collection keeps tags: the statement applies only to a bucket of the placement's meta
     *               ({@link BucketMeta#condition}), so readings of another meta never join it: they meet E11000 and
     *               the writer plans them into a bucket of their own (a higher seq), as for a full bucket
     */
    static UpdateOneModel<BsonDocument> of(Placement placement, BucketPolicy policy, boolean marked, boolean tagged) {
        if (placement.readings().isEmpty()) {
            // Close only: the bucket exists (it was read); it must still be there for the chain to go on.
            BsonDocument close = new BsonDocument("$set", closed(policy));
            return placement.stored() == null ? new UpdateOneModel<>(key(placement), close)
                    : onlyIfThere(placement, key(placement), close);
        }
        int bytes = placement.bytes(policy);
        BsonDocument update = update(placement, policy, bytes);
        BsonDocument filter = filter(placement, policy, bytes);
        if (tagged) {
            BucketMeta.condition(filter, placement.meta());
            BucketMeta.append(update.getDocument("$setOnInsert"), placement.meta());
        }
        if (placement.stored() != null) {
            return onlyIfThere(placement, filter, update);
        }
        if (marked) {
            update.getDocument("$setOnInsert").append(UNSEALED, BsonBoolean.TRUE);
        }
        return new UpdateOneModel<>(filter, update, new UpdateOptions().upsert(true));
    }

    /**
     * The statement for a bucket the planner read: it applies to that very document ({@code _id}) or
     * fails, and never inserts. A writer that read a window before the sealer folded it (or before an
     * eviction or a delete) would otherwise upsert the bucket's key again once the fold deleted it, and
     * store readings the sealed document already holds. It stays an upsert, but its insert would create a
     * field inside the ObjectId {@code _id} its query fixes, which the server refuses at this statement's
     * index: PathNotViable (28, "Cannot create field ... in element", as the server's update_array_node_test.cpp
     * asserts; a {@code $setOnInsert} under the query's {@code _id} is a write error, jstests/core/update_setOnInsert.js)
     * or ImmutableField (66) for an {@code _id} that is a document. On a matched document {@code $setOnInsert}
     * does nothing, so the statement applies as any other; a document that is there but full, or holds
     * one of the times, fails the same way. Without upsert a missed statement would only lower the bulk
     * write's total {@code nMatched}, which says neither which statement missed nor why. The writer
     * treats both codes, at such a statement, as E11000: it reads the window and plans again, with no
     * extra round trip when nothing is gone.
     */
    private static UpdateOneModel<BsonDocument> onlyIfThere(Placement placement, BsonDocument filter, BsonDocument update) {
        filter.append(ID, placement.stored());
        update.put("$setOnInsert", new BsonDocument(GONE, BsonBoolean.TRUE));
        return new UpdateOneModel<>(filter, update, new UpdateOptions().upsert(true));
    }

    private static BsonDocument closed(BucketPolicy policy) {
        return new BsonDocument(BYTES, new BsonInt32(policy.maxBytes()));
    }

    static BsonDocument key(Placement placement) {
        return new BsonDocument(SERIES, new BsonString(placement.series().value()))
                .append(START, new BsonDateTime(placement.start()))
                .append(SEQ, new BsonInt32(placement.seq()));
    }

    static BsonDocument filter(Placement placement, BucketPolicy policy, int bytes) {
        // Range conditions are not copied into an upserted document; only the key's equalities are.
        BsonDocument filter = key(placement)
                // the policy's admission rule, as the most a bucket may hold and still take these readings
                .append(COUNT, new BsonDocument("$lte", new BsonInt32(policy.countAdmitting(placement.readings().size()))))
                .append(BYTES, new BsonDocument("$lte", new BsonInt32((int) policy.bytesAdmitting(bytes))));
        if (placement.appends()) {
            // A bucket whose last reading is before the first of them holds none of their times.
            return filter.append(LAST, new BsonDocument("$lt", new BsonDateTime(placement.readings().get(0).epochMilli())));
        }
        BsonArray times = new BsonArray();
        for (Reading reading : placement.readings()) {
            times.add(new BsonDateTime(reading.epochMilli()));
        }
        return filter.append(READING_TIMES, new BsonDocument("$nin", times));
    }

    static BsonDocument update(Placement placement, BucketPolicy policy, int bytes) {
        BsonArray elements = new BsonArray();
        Map<String, FieldSummary> summaries = new LinkedHashMap<>();
        for (Reading reading : placement.readings()) {
            elements.add(ReadingCodec.encode(reading));
            Fields fields = reading.fields();
            for (int i = 0; i < fields.size(); i++) {
                if (!fields.isText(i)) {
                    summaries.merge(fields.schema().name(i), FieldSummary.of(fields.numberAt(i)), FieldSummary::merge);
                }
            }
        }
        BsonDocument inc = new BsonDocument(COUNT, new BsonInt32(placement.readings().size()));
        if (!placement.closes()) {
            inc.append(BYTES, new BsonInt32(bytes));
        }
        BsonDocument min = new BsonDocument(FIRST, new BsonDateTime(placement.readings().get(0).epochMilli()));
        BsonDocument max = new BsonDocument(LAST,
                new BsonDateTime(placement.readings().get(placement.readings().size() - 1).epochMilli()));
        summaries.forEach((field, summary) -> {
            String path = SUMMARY + "." + field + ".";
            inc.append(path + SUMMARY_COUNT, new BsonInt32((int) summary.count()));
            inc.append(path + SUMMARY_SUM, new BsonDouble(summary.sum()));
            min.append(path + SUMMARY_MIN, new BsonDouble(summary.min()));
            max.append(path + SUMMARY_MAX, new BsonDouble(summary.max()));
        });
        SubWindowFields subs = SubWindowFields.of(policy);
        if (subs != null) {
            SubWindowUpdate.append(subs, placement.readings(), inc, min, max);
        }
        BsonDocument update = new BsonDocument("$setOnInsert", key(placement));
        if (placement.closes()) {
            update.append("$set", closed(policy));
        }
        return update.append("$inc", inc)
                .append("$min", min)
                .append("$max", max)
                .append("$push", new BsonDocument(READINGS, placement.appends() ? new BsonDocument("$each", elements)
                        : new BsonDocument("$each", elements).append("$sort", new BsonDocument(TIME, new BsonInt32(1)))));
    }
}
