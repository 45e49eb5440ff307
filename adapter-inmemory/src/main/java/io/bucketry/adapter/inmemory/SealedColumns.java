package io.bucketry.adapter.inmemory;

import io.bucketry.codec.Column;
import io.bucketry.codec.NumericColumn;
import io.bucketry.codec.SealedBucket;
import io.bucketry.codec.SealedBucketCodec;
import io.bucketry.codec.TextColumn;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.SeriesId;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A sealed bucket of the in-memory store: its readings as the codec's columns in one {@code byte[]}
 * ({@link SealedBucketCodec}), beside what queries need without decoding: count, first and last
 * time, and the summaries in plain form ({@link SummarySlots}). Immutable: a late reading makes a
 * new one ({@link SeriesBuckets}). Column {@code c} of the names is stored as codec column
 * {@code "c"} for its numbers and {@code "tc"} for its texts, so a column holding both kinds
 * round-trips, and the names, shared with the series' open buckets, are not repeated in every bucket.
 */
final class SealedColumns implements StoredBucket {

    /** Header 12, four references, three longs and three ints, rounded to 8 (HotSpot, compressed references). */
    private static final int OBJECT_BYTES = 64;

    private final SeriesId series;
    private final long start;
    private final int seq;
    private final int count;
    /** Times plus present field values: what a decode produces. */
    private final int values;
    private final long first;
    private final long last;
    private final FieldSchema names;
    private final long[] summaries;
    private final byte[] bytes;

    private SealedColumns(PackedBucket open, int values, byte[] bytes) {
        this.series = open.series();
        this.start = open.start();
        this.seq = open.seq();
        this.count = open.count();
        this.values = values;
        this.first = open.firstTime();
        this.last = open.lastTime();
        this.names = open.schema();
        this.summaries = open.summarySlots();
        this.bytes = bytes;
    }

    /** The sealed form of {@code open}, which must hold a reading; {@code open} is left as it is. */
    static SealedColumns of(PackedBucket open) {
        int count = open.count();
        long[] times = new long[count];
        for (int row = 0; row < count; row++) {
            times[row] = open.timeAt(row);
        }
        Map<String, Column> columns = new LinkedHashMap<>();
        int values = count;
        for (int column = 0; column < open.columns(); column++) {
            values += addColumn(open, column, columns);
        }
        return new SealedColumns(open, values, SealedBucketCodec.encode(SealedBucket.of(times, columns)));
    }

    /** Adds {@code column}'s numbers and texts as codec columns (a kind it lacks is left out); answers the values. */
    private static int addColumn(PackedBucket open, int column, Map<String, Column> columns) {
        int count = open.count();
        double[] numbers = new double[count];
        BitSet notNumbers = new BitSet(count);
        String[] texts = null;
        int present = 0;
        for (int row = 0; row < count; row++) {
            if (open.isNumber(row, column)) {
                numbers[row] = open.number(row, column);
                present++;
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
        if (notNumbers.cardinality() < count) {
            columns.put(Integer.toString(column), NumericColumn.of(numbers, notNumbers));
        }
        if (texts != null) {
            columns.put("t" + column, TextColumn.of(texts));
        }
        return present;
    }

    /** Decodes the readings into columns to read from; {@code sealing} counts the time it took. */
    DecodedColumns decode(Sealing sealing) {
        long began = System.nanoTime();
        SealedBucket decoded = SealedBucketCodec.decode(bytes);
        DecodedColumns rows = new DecodedColumns(series, names, decoded);
        sealing.decoded(values, System.nanoTime() - began);
        return rows;
    }

    /** This bucket as an open one again, to take a late reading (then sealed anew). */
    PackedBucket reopen(BucketPolicy policy, Sealing sealing) {
        return PackedBucket.restore(series, start, seq, policy, decode(sealing).readings());
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
        return count;
    }

    @Override
    public long firstTime() {
        return first;
    }

    @Override
    public long lastTime() {
        return last;
    }

    /** Pre-computed count/min/max/sum per numeric field, in column order. */
    Map<String, FieldSummary> summaries() {
        return SummarySlots.byName(summaries, names);
    }

    /** The summary of column {@code column} of {@link #names()}, or null when it has no numbers. */
    FieldSummary summary(int column) {
        return SummarySlots.of(summaries, column);
    }

    /** Times plus present field values: what a decode produces. */
    int values() {
        return values;
    }

    FieldSchema names() {
        return names;
    }

    /** Bytes of the codec's encoding of the readings. */
    int encodedBytes() {
        return bytes.length;
    }

    @Override
    public long heapBytes() {
        return OBJECT_BYTES + arrayBytes(8L * summaries.length) + arrayBytes(bytes.length);
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
        return "SealedColumns[" + series + "#" + start + "/" + seq + ", " + count + " readings, " + bytes.length + " bytes]";
    }
}
