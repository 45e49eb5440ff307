package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

import java.util.List;
import java.util.Set;

import static io.bucketry.adapter.mongo.bucket.SubWindowFields.*;

/**
 * The sub-window summaries ({@link SubWindowFields}) as parts of the one update statement that adds
 * readings to a bucket: {@code $inc} of counts and sums, {@code $min}/{@code $max} of min, max and
 * of the {@code {t, v}} documents of first and last, which the server compares by their first key,
 * the time ("$min ... uses the BSON comparison order", embedded documents compared key by key:
 * https://www.mongodb.com/docs/manual/reference/operator/update/min/ and
 * https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/#objects), so a late
 * reading lands in place without a pipeline update or a read. The statement's filter already keeps
 * stored times out, so a duplicate never counts twice.
 */
final class SubWindowUpdate {

    /** {@code subs} document (1+5+4+1) and its total {@code n<width>}: int32 under a name of at most 21 bytes with NUL. */
    static final int HEADER = 11 + 1 + 21 + 4;
    /** {@code "<i>": {n: int32, f: {}}}: key of at most 11 bytes with NUL, document, n, the fields document. */
    static final int SUB = 1 + 11 + 5 + (1 + 2 + 4) + (1 + 2 + 5);
    /** One field's entry without its name: document, c int32, mn, mx, s doubles, f and l {t: int64, v: double}. */
    static final int FIELD = 1 + 1 + 5 + (1 + 2 + 4) + 2 * (1 + 3 + 8) + (1 + 2 + 8) + 2 * (1 + 2 + 5 + (1 + 2 + 8) + (1 + 2 + 8));

    private SubWindowUpdate() {
    }

    /** Appends the summaries of {@code readings} (one placement's) to the statement's {@code $inc}, {@code $min}, {@code $max}. */
    static void append(SubWindowFields shape, List<Reading> readings, BsonDocument inc, BsonDocument min, BsonDocument max) {
        inc.append(SUBS + "." + shape.total(), new BsonInt32(readings.size()));
        long bucketStart = shape.bucketStart(readings.get(0).epochMilli());
        shape.summarise(readings).forEach((index, sub) -> {
            String path = SUBS + "." + index + ".";
            inc.append(path + N, new BsonInt32((int) sub.readings));
            long subStart = shape.subs.start(bucketStart, index);
            sub.fields.forEach((field, span) -> {
                String at = path + FIELDS + "." + field + ".";
                inc.append(at + COUNT, new BsonInt32((int) span.count()));
                inc.append(at + SUM, new BsonDouble(span.sum()));
                min.append(at + MIN, new BsonDouble(span.min()));
                max.append(at + MAX, new BsonDouble(span.max()));
                min.append(at + FIRST, point(shape, span.firstTime() - subStart, span.first()));
                max.append(at + LAST, point(shape, span.lastTime() - subStart, span.last()));
            });
        });
    }

    /** The whole {@code subs} document of {@code readings} (one window's, distinct times): what a fold seals. */
    static BsonDocument document(SubWindowFields shape, List<Reading> readings) {
        BsonDocument subs = new BsonDocument(shape.total(), new BsonInt32(readings.size()));
        long bucketStart = shape.bucketStart(readings.get(0).epochMilli());
        shape.summarise(readings).forEach((index, sub) -> {
            long subStart = shape.subs.start(bucketStart, index);
            BsonDocument fields = new BsonDocument();
            sub.fields.forEach((field, span) -> fields.append(field, entry(shape, span, subStart)));
            subs.append(Integer.toString(index), new BsonDocument(N, new BsonInt32((int) sub.readings)).append(FIELDS, fields));
        });
        return subs;
    }

    private static BsonDocument entry(SubWindowFields shape, FieldSpan span, long subStart) {
        return new BsonDocument(COUNT, new BsonInt32((int) span.count()))
                .append(MIN, new BsonDouble(span.min())).append(MAX, new BsonDouble(span.max()))
                .append(SUM, new BsonDouble(span.sum()))
                .append(FIRST, point(shape, span.firstTime() - subStart, span.first()))
                .append(LAST, point(shape, span.lastTime() - subStart, span.last()));
    }

    /** {@code {t, v}}: t an int32 when the sub-window's width fits one (always below 24 days), else an int64. */
    private static BsonDocument point(SubWindowFields shape, long offset, double value) {
        BsonValue time = shape.subs.widthMillis() <= Integer.MAX_VALUE ? new BsonInt32((int) offset) : new BsonInt64(offset);
        return new BsonDocument(TIME, time).append(VALUE, new BsonDouble(value));
    }

    /**
     * What {@code reading} adds to the bound of a statement that already summarises the keys in
     * {@code summarised} ({@code #subs}, {@code #<i>}, {@code #<i>:<field>}: never a field name, which starts with a letter).
     */
    static int cost(SubWindowFields shape, Reading reading, Set<String> summarised) {
        int bytes = summarised.contains("#subs") ? 0 : HEADER;
        String sub = "#" + shape.index(reading.epochMilli());
        bytes += summarised.contains(sub) ? 0 : SUB;
        Fields fields = reading.fields();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.valueAt(i) instanceof FieldValue.Numeric) {
                String name = fields.schema().name(i);
                if (!summarised.contains(sub + ":" + name)) {
                    bytes += FIELD + name.length() + 1;
                }
            }
        }
        return bytes;
    }

    /** Records the keys {@code reading} adds to a statement's summaries (see {@link #cost}). */
    static void record(SubWindowFields shape, Reading reading, Set<String> summarised) {
        summarised.add("#subs");
        String sub = "#" + shape.index(reading.epochMilli());
        summarised.add(sub);
        Fields fields = reading.fields();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.valueAt(i) instanceof FieldValue.Numeric) {
                summarised.add(sub + ":" + fields.schema().name(i));
            }
        }
    }

    /** Reads an entry back: a span with absolute times. */
    static FieldSpan span(BsonDocument entry, long subStart) {
        BsonDocument first = entry.getDocument(FIRST);
        BsonDocument last = entry.getDocument(LAST);
        return new FieldSpan(entry.getNumber(COUNT).longValue(), entry.getNumber(MIN).doubleValue(),
                entry.getNumber(MAX).doubleValue(), entry.getNumber(SUM).doubleValue(),
                subStart + first.getNumber(TIME).longValue(), first.getNumber(VALUE).doubleValue(),
                subStart + last.getNumber(TIME).longValue(), last.getNumber(VALUE).doubleValue());
    }
}
