package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.SubWindows;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * A bucket's sub-window summaries (the computed pattern, {@link SubWindows}): per aligned sub-window
 * its reading count, and per sub-window and numeric column a {@link FieldSpan}'s content as
 * {@value #SLOTS} longs (count, then the bits of min, max and sum, the first value's time and bits,
 * the last value's time and bits). Primitive arrays only, allocated on a bucket's first reading, a
 * column's block on its first number (a text column costs one null reference). Updated by the
 * bucket on every write, late readings included; an open bucket's summaries move into its sealed
 * form, so that aggregates read them without decoding. Not thread-safe: as its bucket.
 */
final class SubWindowSummaries {

    static final int SLOTS = 8;
    private static final long[][] NO_COLUMNS = new long[0][];
    /** Header 12, a long, an int, four references, rounded to 8 (HotSpot, compressed references). */
    private static final int OBJECT_BYTES = 40;

    private final long bucketStart;
    private final SubWindows subWindows;
    private final int perBucket;
    private int[] readings;
    /** Per column, its block of {@code perBucket * SLOTS} longs, or null while it has no number. */
    private long[][] byColumn = NO_COLUMNS;
    /** Told every growth of this object's heap in bytes (the store's capacity), or nothing. */
    private LongConsumer grown = bytes -> { };

    private SubWindowSummaries(long bucketStart, SubWindows subWindows, int perBucket) {
        this.bucketStart = bucketStart;
        this.subWindows = subWindows;
        this.perBucket = perBucket;
    }

    /** Empty summaries of the bucket window starting at {@code bucketStart}, {@code bucketWidthMillis} wide. */
    static SubWindowSummaries of(SubWindows subWindows, long bucketStart, long bucketWidthMillis) {
        return new SubWindowSummaries(bucketStart, subWindows, subWindows.perBucket(bucketWidthMillis));
    }

    /** From now on tells {@code growth} how many bytes of heap each change adds. */
    void reportGrowthTo(LongConsumer growth) {
        this.grown = growth;
    }

    /** Counts a reading at {@code epochMilli} (in this bucket's window); answers its sub-window, for {@link #value}. */
    int reading(long epochMilli) {
        if (readings == null) {
            readings = new int[perBucket];
            grown.accept(heapBytes());
        }
        int sub = subWindows.index(bucketStart, epochMilli);
        readings[sub]++;
        return sub;
    }

    /**
     * Reads the summaries of the sub-window holding {@code epochMilli}, where the next reading most
     * likely goes, and answers its reading count plus its columns' counts (0 before the first reading):
     * called with the bucket's {@link SeriesBuckets#touch}, for several series before writing to any,
     * so that their cache misses overlap.
     */
    long touch(long epochMilli) {
        if (readings == null) {
            return 0;
        }
        int sub = subWindows.index(bucketStart, epochMilli);
        long touched = readings[sub];
        for (long[] block : byColumn) {
            touched += block == null ? 0 : block[SLOTS * sub];
        }
        return touched;
    }

    /** Counts {@code value} of {@code column}, at {@code epochMilli}, into sub-window {@code sub}. */
    void value(int sub, int column, long epochMilli, double value) {
        long[] block = block(column);
        int at = SLOTS * sub;
        long bits = Double.doubleToRawLongBits(value);
        if (block[at] == 0) {
            block[at] = 1;
            block[at + 1] = bits;
            block[at + 2] = bits;
            block[at + 3] = bits;
            block[at + 4] = epochMilli;
            block[at + 5] = bits;
            block[at + 6] = epochMilli;
            block[at + 7] = bits;
            return;
        }
        block[at]++;
        block[at + 1] = Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(block[at + 1]), value));
        block[at + 2] = Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(block[at + 2]), value));
        block[at + 3] = Double.doubleToRawLongBits(Double.longBitsToDouble(block[at + 3]) + value);
        if (epochMilli < block[at + 4]) {
            block[at + 4] = epochMilli;
            block[at + 5] = bits;
        }
        if (epochMilli > block[at + 6]) {
            block[at + 6] = epochMilli;
            block[at + 7] = bits;
        }
    }

    private long[] block(int column) {
        long[] block = column < byColumn.length ? byColumn[column] : null;
        if (block == null) {
            long before = heapBytes();
            if (column >= byColumn.length) {
                byColumn = Arrays.copyOf(byColumn, column + 1);
            }
            block = new long[perBucket * SLOTS];
            byColumn[column] = block;
            grown.accept(heapBytes() - before);
        }
        return block;
    }

    int perBucket() {
        return perBucket;
    }

    /** Start of sub-window {@code sub}. */
    long start(int sub) {
        return subWindows.start(bucketStart, sub);
    }

    long widthMillis() {
        return subWindows.widthMillis();
    }

    /** Readings counted in sub-window {@code sub}. */
    int readings(int sub) {
        return readings == null ? 0 : readings[sub];
    }

    /** Columns that may have spans ({@link #span} is null past those that have numbers). */
    int columns() {
        return byColumn.length;
    }

    /** The span of {@code column}'s numbers in sub-window {@code sub}, or null when it has none there. */
    FieldSpan span(int sub, int column) {
        long[] block = column < byColumn.length ? byColumn[column] : null;
        int at = SLOTS * sub;
        if (block == null || block[at] == 0) {
            return null;
        }
        return new FieldSpan(block[at], Double.longBitsToDouble(block[at + 1]), Double.longBitsToDouble(block[at + 2]),
                Double.longBitsToDouble(block[at + 3]), block[at + 4], Double.longBitsToDouble(block[at + 5]),
                block[at + 6], Double.longBitsToDouble(block[at + 7]));
    }

    /** Bytes of heap held by this object and its arrays, headers included. */
    long heapBytes() {
        if (readings == null) {
            return 0;   // the bucket is empty: nothing allocated yet that is counted
        }
        long bytes = OBJECT_BYTES + intsBytes(perBucket) + (byColumn.length == 0 ? 0 : 16 + 4L * byColumn.length);
        for (long[] block : byColumn) {
            bytes += block == null ? 0 : longsBytes(block.length);
        }
        return bytes;
    }

    private static long intsBytes(int length) {
        return (16 + 4L * length + 7) & ~7L;
    }

    private static long longsBytes(int length) {
        return 16 + 8L * length;
    }
}
