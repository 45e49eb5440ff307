package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesMeta;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

import java.util.List;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * A sealed window as one document:
 * {@code {_id, series, start, seq, count, first, last, summary: {<field>: {count, min, max, sum, fv, lv}},
 * unsealed: false, cols: BinData}}, and the meta its readings share ({@link BucketMeta}). It has no {@code bytes}: an update filter's {@code bytes: {$lte: …}}
 * never matches a missing field (comparison operators match only values of a comparable type:
 * https://www.mongodb.com/docs/manual/reference/method/db.collection.find/#type-bracketing), so no
 * writer adds to it, and a late reading goes to a row document of a higher seq (a delta) that the
 * next sealing folds in.
 */
final class SealedDocument {

    /** The most readings one sealed document holds; a window with more stays in rows. */
    static final int MAX_READINGS = 100_000;

    private SealedDocument() {
    }

    /**
     * The sealed document of {@code readings} (distinct times, in time order, at least one) under
     * {@code id} (null: the server assigns one).
     *
     * @throws IllegalArgumentException when they cannot be sealed (too many, or a field both number and text)
     */
    static BsonDocument of(BsonValue id, String series, long start, int seq, List<Reading> readings) {
        if (readings.isEmpty() || readings.size() > MAX_READINGS) {
            throw new IllegalArgumentException("a sealed document holds 1 to " + MAX_READINGS + " readings, not "
                    + readings.size());
        }
        SeriesMeta meta = readings.get(0).meta();
        for (Reading reading : readings) {
            if (!reading.meta().equals(meta)) {
                // a window re-tagged in its middle keeps its row documents, one meta each
                throw new IllegalArgumentException("readings of " + series + " written with different tags in one window");
            }
        }
        BsonDocument document = new BsonDocument();
        if (id != null) {
            document.append(ID, id);
        }
        document.append(SERIES, new BsonString(series))
                .append(START, new BsonDateTime(start))
                .append(SEQ, new BsonInt32(seq))
                .append(COUNT, new BsonInt32(readings.size()))
                .append(FIRST, new BsonDateTime(readings.get(0).epochMilli()))
                .append(LAST, new BsonDateTime(readings.get(readings.size() - 1).epochMilli()))
                .append(SUMMARY, SealedSummary.of(readings))
                .append(UNSEALED, BsonBoolean.FALSE)
                .append(COLS, new BsonBinary(SealedColumns.encode(readings)));
        return BucketMeta.append(document, meta);
    }
}
