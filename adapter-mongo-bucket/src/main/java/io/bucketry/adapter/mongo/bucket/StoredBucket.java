package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonValue;

import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.BucketFields.*;

/**
 * A bucket document as read back: its key, counts and time bounds, and whatever of its readings
 * and summary the query projected (null where it was left out). A sealed document has {@code cols}
 * (its readings as columns) in place of {@code readings}, and {@code unsealed: false}, so that a
 * query projecting neither still tells it apart ({@code sealed}). {@code subs} holds the projected
 * sub-window summaries ({@link SubWindowFields}), or null. A fold's stub ({@link FoldedStub}) reads as a
 * bucket of no readings and no room ({@link #folded()}). {@code meta} is what its readings were written with
 * ({@link BucketMeta}; {@link SeriesMeta#NONE} where it keeps none or it was not projected): its readings carry it.
 */
record StoredBucket(BsonValue id, SeriesId series, long start, int seq, int count, int bytes, long first, long last,
                    BsonArray readings, BsonDocument summary, byte[] cols, boolean sealed, BsonDocument subs,
                    SeriesMeta meta) {

    /** A bucket without meta. */
    StoredBucket(BsonValue id, SeriesId series, long start, int seq, int count, int bytes, long first, long last,
                 BsonArray readings, BsonDocument summary, byte[] cols, boolean sealed, BsonDocument subs) {
        this(id, series, start, seq, count, bytes, first, last, readings, summary, cols, sealed, subs, SeriesMeta.NONE);
    }

    static StoredBucket from(BsonDocument document) {
        if (FoldedStub.is(document)) {
            // no readings and no room: a planner sees its seq taken and full, and finds none of its times there
            return new StoredBucket(document.get(ID), new SeriesId(document.getString(SERIES).getValue()),
                    document.getDateTime(START).getValue(), document.getNumber(SEQ).intValue(), 0, Integer.MAX_VALUE,
                    Long.MAX_VALUE, Long.MIN_VALUE, new BsonArray(), null, null, false, null, SeriesMeta.NONE);
        }
        BsonValue bytes = document.get(BYTES);
        BsonValue cols = document.get(COLS);
        return new StoredBucket(document.get(ID), new SeriesId(document.getString(SERIES).getValue()),
                document.getDateTime(START).getValue(), document.getNumber(SEQ).intValue(),
                document.getNumber(COUNT).intValue(),
                bytes == null || !bytes.isNumber() ? Integer.MAX_VALUE : bytes.asNumber().intValue(),
                document.getDateTime(FIRST).getValue(), document.getDateTime(LAST).getValue(),
                document.isArray(READINGS) ? document.getArray(READINGS) : null,
                document.isDocument(SUMMARY) ? document.getDocument(SUMMARY) : null,
                cols != null && cols.isBinary() ? cols.asBinary().getData() : null,
                cols != null || document.get(UNSEALED, BsonBoolean.TRUE).equals(BsonBoolean.FALSE),
                document.isDocument(SubWindowFields.SUBS) ? document.getDocument(SubWindowFields.SUBS) : null,
                BucketMeta.of(document));
    }

    /** True for the stub of a folded document ({@link FoldedStub}): the only bucket without readings. */
    boolean folded() {
        return count == 0;
    }

    /** The times of the projected readings, in stored (time) order. */
    long[] times() {
        if (cols != null) {
            return SealedColumns.times(cols);
        }
        long[] times = new long[readings.size()];
        for (int i = 0; i < times.length; i++) {
            times[i] = ReadingCodec.time(readings.get(i).asDocument());
        }
        return times;
    }

    /** The projected readings with times in {@code [from, to)}, in time order. */
    List<Reading> readingsIn(long from, long to) {
        List<Reading> out = new ArrayList<>();
        if (cols != null) {
            for (Reading reading : SealedColumns.decode(series, cols)) {
                if (reading.epochMilli() >= from && reading.epochMilli() < to) {
                    out.add(reading.withMeta(meta));
                }
            }
            return out;
        }
        for (BsonValue element : readings) {
            BsonDocument reading = element.asDocument();
            long time = ReadingCodec.time(reading);
            if (time >= from && time < to) {
                out.add(ReadingCodec.decode(series, reading).withMeta(meta));
            }
        }
        return out;
    }
}
