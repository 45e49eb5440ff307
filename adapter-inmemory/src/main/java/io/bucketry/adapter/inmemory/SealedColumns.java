package io.bucketry.adapter.inmemory;

import io.bucketry.codec.Column;
import io.bucketry.codec.NumericColumn;
import io.bucketry.codec.SealedBucket;
import io.bucketry.codec.SealedBucketCodec;
import io.bucketry.codec.SealedBucketReader;
import io.bucketry.codec.TextColumn;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.SeriesId;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * A sealed bucket of the in-memory store: one {@code byte[]} holding, in plain form, what queries
 * need without decoding (first and last time, the summaries: {@link SealedHeader}), then the
 * readings as the codec's columns ({@link SealedBucketCodec}), times relative to the bucket's start.
 * Immutable: a late reading makes a new one ({@link SeriesBuckets}). Column {@code c} of the names is
 * stored as codec column {@code "c"} for its numbers and {@code "tc"} for its texts, so a column
 * holding both kinds round-trips, and the names, shared with the series' open buckets, are not
 * repeated in every bucket.
 */
sealed class SealedColumns implements StoredBucket permits SealedSubWindows {

    /**
     * Header 12, two references, a long and an int: 32 (HotSpot, compressed references). The count lives in
     * the array ({@link SealedHeader}): one byte there, where a field took the object to 40 at 60 readings a
     * bucket.
     */
    private static final int OBJECT_BYTES = 32;

    /** The codec column names of the first columns, made once: a decode looks each up. */
    private static final String[] NUMBERS = new String[FieldSchema.MAX_FIELDS];
    private static final String[] TEXTS = new String[FieldSchema.MAX_FIELDS];

    static {
        for (int column = 0; column < FieldSchema.MAX_FIELDS; column++) {
            NUMBERS[column] = Integer.toString(column);
            TEXTS[column] = "t" + column;
        }
    }

    private final long start;
    private final int seq;
    private final FieldSchema names;
    private final byte[] bytes;

    SealedColumns(PackedBucket open, byte[] encoded) {
        this.start = open.start();
        this.seq = open.seq();
        this.names = open.schema();
        this.bytes = SealedHeader.write(open, encoded);
    }

    /** The sealed form of {@code open}, which must hold a reading; {@code open} is left as it is. */
    static SealedColumns of(PackedBucket open) {
        return of(open, values -> { });
    }

    /**
     * As {@link #of(PackedBucket)}, telling {@code encodedValues} how many values it encoded (times plus
     * present field values: what a decode produces).
     */
    static SealedColumns of(PackedBucket open, LongConsumer encodedValues) {
        int count = open.count();
        long[] times = new long[count];
        for (int row = 0; row < count; row++) {
            times[row] = open.timeAt(row) - open.start();   // small numbers: fewer bytes for the first time
        }
        Map<String, Column> columns = new LinkedHashMap<>();
        int values = count;
        for (int column = 0; column < open.columns(); column++) {
            values += addColumn(open, column, columns);
        }
        byte[] encoded = SealedBucketCodec.encode(SealedBucket.of(times, columns));
        encodedValues.accept(values);
        return open.hasSubWindows() ? new SealedSubWindows(open, encoded) : new SealedColumns(open, encoded);
    }

    /** Adds {@code column}'s numbers and texts as codec columns (a kind it lacks is left out); answers the values. */
    private static int addColumn(PackedBucket open, int column, Map<String, Column> columns) {
        int count = open.count();
        double[] numbers = new double[count];
        BitSet notNumbers = new BitSet(count);
        String[] texts = null;
        int numbered = 0;
        int present = 0;
        for (int row = 0; row < count; row++) {
            if (open.isNumber(row, column)) {
                numbers[row] = open.number(row, column);
                numbered++;
                continue;
            }
            notNumbers.set(row);
            String text = open.textOrNull(row, column);
            if (text != null) {
                if (texts == null) {
                    texts = new String[count];
                }
                texts[row] = text;
                present++;
            }
        }
        present += numbered;
        // the arrays are this bucket's alone and handed over, not copied
        if (numbered > 0) {
            columns.put(numbersOf(column), NumericColumn.owning(numbers, notNumbers));
        }
        if (texts != null) {
            columns.put(textsOf(column), TextColumn.owning(texts));
        }
        return present;
    }

    /** The codec column of {@code column}'s numbers. */
    static String numbersOf(int column) {
        // a bucket may hold more columns than a reading has fields (readings of different fields)
        return column < NUMBERS.length ? NUMBERS[column] : Integer.toString(column);
    }

    /** The codec column of {@code column}'s texts. */
    static String textsOf(int column) {
        return column < TEXTS.length ? TEXTS[column] : "t" + column;
    }

    /** The readings of {@code series} to read from, decoded as far as {@code need}; {@code sealing} counts the values and the time. */
    DecodedColumns decode(SeriesId series, Sealing sealing, DecodedColumns.Need need) {
        return new DecodedColumns(series, start, names, bytes, SealedHeader.encodedFrom(bytes, names.size()), sealing,
                need);
    }

    /**
     * The column of the names that {@code reader}'s current codec column belongs to, looked for from
     * {@code from} on: {@link #of} writes the columns in column order, numbers before texts.
     */
    static int columnOf(SealedBucketReader reader, int from, int columns) {
        boolean text = reader.isText();
        for (int column = from; column < columns; column++) {
            if (reader.nameIs(text ? textsOf(column) : numbersOf(column))) {
                return column;
            }
        }
        throw new IllegalStateException("codec column '" + reader.name() + "' is none of " + columns + " columns after "
                + from);
    }

    /** This bucket of {@code series} as an open one again, to take a late reading (then sealed anew). */
    PackedBucket reopen(SeriesId series, BucketPolicy policy, Sealing sealing) {
        return PackedBucket.restore(series, start, seq, policy, decode(series, sealing, DecodedColumns.Need.ALL).readings());
    }

    @Override
    public long start() {
        return start;
    }

    @Override
    public int seq() {
        return seq;
    }

    @Override
    public int count() {
        return SealedHeader.count(bytes);
    }

    @Override
    public long firstTime() {
        return SealedHeader.firstTime(bytes, start);
    }

    @Override
    public long lastTime() {
        return SealedHeader.lastTime(bytes, start);
    }

    @Override
    public Map<String, FieldSummary> summaries() {
        return SealedHeader.summaries(bytes, names);
    }

    /** The sub-window summaries kept beside the encoded columns ({@link SealedSubWindows}), or null. */
    SubWindowSummaries subWindows() {
        return null;
    }

    /** Their layout without their cells, what a bucket opened after this one starts from; null without. */
    SubWindowSummaries subWindowLayout() {
        return null;
    }

    /** The heap the sub-window summaries add to this bucket ({@link SealedSubWindows}); 0 without. */
    long subWindowHeapBytes() {
        return 0;
    }

    FieldSchema names() {
        return names;
    }

    @Override
    public long heapBytes() {
        return OBJECT_BYTES + arrayBytes(bytes.length);
    }

    @Override
    public long accountedBytes() {
        return heapBytes();
    }

    private static long arrayBytes(long payload) {
        return (16 + payload + 7) & ~7L;
    }

    @Override
    public String toString() {
        return "SealedColumns[" + start + "/" + seq + ", " + count() + " readings, " + bytes.length + " bytes]";
    }
}
