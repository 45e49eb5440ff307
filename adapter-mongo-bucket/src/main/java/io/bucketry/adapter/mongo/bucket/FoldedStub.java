package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.conversions.Bson;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * What a fold leaves at the key of each document it folded into the sealed one ({@link WindowSealer}):
 * {@code {_id, series, start, seq, unsealed: "folded"}}, no readings, no {@code count}, {@code bytes},
 * {@code first} or {@code last}. It keeps the key taken, so that a writer that planned a new seq
 * before the fold (a delta, a rollover) and writes it after cannot create it again beside the sealed
 * document: its filter's {@code count}/{@code bytes} ranges never match a missing field, so its
 * upsert tries to insert the key and fails with E11000 on the unique {series, start, seq} index, and
 * the writer reads the window and finds its readings sealed. (The server retries an upsert's E11000
 * itself only when its filter holds nothing but equalities on the unique index's fields: manual,
 * db.collection.updateOne(), "Upsert with Duplicate Values"; these filters also hold ranges.) Readers never see it (their range
 * filters on {@code first}/{@code last} do not match it, and whole-window reads exclude it by
 * {@link #NOT_STUB}); it goes with its window (TTL on {@code start}, eviction, deleteSeries).
 */
final class FoldedStub {

    /** Documents that are not stubs ({@code $ne} matches documents without the field too, as every row-layout one). */
    static final Bson NOT_STUB = Filters.ne(UNSEALED, FOLDED);

    private FoldedStub() {
    }

    /** The stub replacing {@code source}, which keeps its {@code _id}: a replacement cannot change it. */
    static BsonDocument of(StoredBucket source) {
        return new BsonDocument(SERIES, new BsonString(source.series().value()))
                .append(START, new BsonDateTime(source.start()))
                .append(SEQ, new BsonInt32(source.seq()))
                .append(UNSEALED, new BsonString(FOLDED));
    }

    /** True when {@code document} (with {@code unsealed} projected) is a stub. */
    static boolean is(BsonDocument document) {
        return document.isString(UNSEALED) && FOLDED.equals(document.getString(UNSEALED).getValue());
    }
}
