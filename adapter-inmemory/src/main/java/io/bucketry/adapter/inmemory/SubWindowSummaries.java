package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.SubWindows;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * A bucket's sub-window summaries (the computed pattern, {@link SubWindows}): per aligned sub-window
 * its reading count, and per sub-window and numeric column a {@link FieldSpan}'s content as
 * {@value #SLOTS} longs (count, then the bits of min, max and sum, the first value's time and bits,
 * the last value's time and bits). One array, sub-window after sub-window: a sub-window's summaries
 * are a few adjacent cache lines, where a block per column put each of a reading's numbers in a line
 * of its own, and ingest waited on those cache misses. Only the columns that have numbers have slots, so
 * a text column costs nothing. Allocated when first summed or counted into, laid out like the bucket
 * before when there is one; a column's first number widens every sub-window. Kept by the bucket: the
 * sub-windows not summed yet are summed from their rows when the summaries are read, a late reading of
 * a summed one counted in at once ({@link PackedBucket#subWindows}); a sealed bucket keeps them encoded
 * ({@link SubWindowCodec}), summed from its rows straight into the encoding ({@link SubWindowRows#encode}),
 * so that aggregates read them without decoding the readings. Not thread-safe: as its bucket.
 */
final class SubWindowSummaries {

    static final int SLOTS = 8;
    /** Header 12, two longs, two ints, five references, rounded to 8 (HotSpot, compressed references). */
    private static final int OBJECT_BYTES = 56;

    private final long bucketStart;
    private final SubWindows subWindows;
    private final int perBucket;
    /** Which columns have numbers: 0–63 a bit each, the rest in words beyond or null ({@link NumberedColumns}). */
    private long numbered;
    private long[] numberedBeyond;
    /** Longs per sub-window: its reading count, then {@value #SLOTS} per column with numbers. */
    private int stride = 1;
    /** Per sub-window {@link #stride} longs, or null before the first reading. */
    private long[] cells;
    /** Told every growth of this object's heap in bytes (the store's capacity), or nothing. */
    private LongConsumer grown = bytes -> { };
    /**
     * Summaries laid out like these and holding nothing, shared by the buckets laid out alike one after
     * the other ({@link #layOutLike}), or null until {@link #layoutOnly} makes one: what a sealed bucket
     * keeps beside its encoded cells, so that a steady series' sealed buckets share one.
     */
    private SubWindowSummaries shape;

    private SubWindowSummaries(long bucketStart, SubWindows subWindows, int perBucket) {
        this.bucketStart = bucketStart;
        this.subWindows = subWindows;
        this.perBucket = perBucket;
    }

    /** Empty summaries of the bucket window starting at {@code bucketStart}, {@code bucketWidthMillis} wide. */
    static SubWindowSummaries of(SubWindows subWindows, long bucketStart, long bucketWidthMillis) {
        return new SubWindowSummaries(bucketStart, subWindows, subWindows.perBucket(bucketWidthMillis));
    }

    /**
     * Gives these empty summaries the numeric columns of {@code predecessor}'s, whose bucket had the
     * same columns: a steady series then lays its summaries out once, not again on each column's first
     * number of every window. A column that gets no number here keeps empty slots ({@link #span} null).
     */
    void layOutLike(SubWindowSummaries predecessor) {
        if (cells != null) {
            throw new IllegalStateException("summaries already hold readings");
        }
        numbered = predecessor.numbered;
        numberedBeyond = predecessor.numberedBeyond == null ? null : predecessor.numberedBeyond.clone();
        stride = predecessor.stride;
        shape = predecessor.perBucket == perBucket && predecessor.subWindows.equals(subWindows) ? predecessor.shape : null;
    }

    /** From now on tells {@code growth} how many bytes of heap each change adds. */
    void reportGrowthTo(LongConsumer growth) {
        this.grown = growth;
    }

    /** Counts a reading at {@code epochMilli} (in this bucket's window); answers its sub-window, for {@link #value}. */
    int reading(long epochMilli) {
        allocate();
        int sub = index(epochMilli);
        cells[sub * stride]++;
        return sub;
    }

    /** The sub-window holding {@code epochMilli}, in this bucket's window. */
    int index(long epochMilli) {
        return subWindows.index(bucketStart, epochMilli);
    }

    /** Allocates the cells, all sub-windows empty, unless they are. */
    private void allocate() {
        if (cells == null) {
            cells = new long[Math.multiplyExact(perBucket, stride)];
            grown.accept(heapBytes());
        }
    }

    /** Makes sub-window {@code sub} one of {@code readings} readings and no numbers yet ({@link #setSpan}). */
    void reset(int sub, int readings) {
        allocate();
        Arrays.fill(cells, sub * stride, (sub + 1) * stride, 0);
        cells[sub * stride] = readings;
    }

    /** Makes the span of {@code column}'s numbers in sub-window {@code sub} the one given, as {@link #span} answers it. */
    void setSpan(int sub, int column, long count, double min, double max, double sum, long firstTime, double first,
                 long lastTime, double last) {
        int at = slots(sub, column);
        cells[at] = count;
        cells[at + 1] = Double.doubleToRawLongBits(min);
        cells[at + 2] = Double.doubleToRawLongBits(max);
        cells[at + 3] = Double.doubleToRawLongBits(sum);
        cells[at + 4] = firstTime;
        cells[at + 5] = Double.doubleToRawLongBits(first);
        cells[at + 6] = lastTime;
        cells[at + 7] = Double.doubleToRawLongBits(last);
    }

    /** Counts {@code value} of {@code column}, at {@code epochMilli}, into sub-window {@code sub}. */
    void value(int sub, int column, long epochMilli, double value) {
        int at = slots(sub, column);
        long[] cells = this.cells;
        long bits = Double.doubleToRawLongBits(value);
        if (cells[at] == 0) {
            cells[at] = 1;
            cells[at + 1] = bits;
            cells[at + 2] = bits;
            cells[at + 3] = bits;
            cells[at + 4] = epochMilli;
            cells[at + 5] = bits;
            cells[at + 6] = epochMilli;
            cells[at + 7] = bits;
            return;
        }
        cells[at]++;
        cells[at + 1] = Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(cells[at + 1]), value));
        cells[at + 2] = Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(cells[at + 2]), value));
        cells[at + 3] = Double.doubleToRawLongBits(Double.longBitsToDouble(cells[at + 3]) + value);
        if (epochMilli < cells[at + 4]) {
            cells[at + 4] = epochMilli;
            cells[at + 5] = bits;
        }
        if (epochMilli > cells[at + 6]) {
            cells[at + 6] = epochMilli;
            cells[at + 7] = bits;
        }
    }

    /** Gives {@code column} slots in every sub-window unless it has them (a column that holds numbers). */
    void number(int column) {
        if (!numbers(column)) {
            addColumn(column);
        }
    }

    /** Where the slots of {@code column} in sub-window {@code sub} start, the column given slots first if it has none. */
    private int slots(int sub, int column) {
        number(column);
        return sub * stride + slot(column);
    }

    /** True when {@code column} has slots: it has had a number here or in a bucket laid out before. */
    boolean numbers(int column) {
        return NumberedColumns.has(numbered, numberedBeyond, column);
    }

    /** Where the slots of {@code column}, which has them ({@link #numbers}), start in a sub-window's longs. */
    private int slot(int column) {
        return 1 + SLOTS * place(column);
    }

    /**
     * Where {@code column}'s slots start after a sub-window's reading count, in columns: its place among the
     * columns with numbers ({@link NumberedColumns#place}).
     */
    int place(int column) {
        return NumberedColumns.place(numbered, numberedBeyond, column);
    }

    /** Gives {@code column} slots in every sub-window, between those of the columns below and above it. */
    private void addColumn(int column) {
        long before = heapBytes();
        if (column < Long.SIZE) {
            numbered |= 1L << column;
        } else {
            numberedBeyond = NumberedColumns.withBeyond(numberedBeyond, column);
        }
        int wider = stride + SLOTS;
        shape = null;
        if (cells == null) {
            stride = wider;
            return;
        }
        int split = 1 + SLOTS * place(column);
        long[] widened = new long[Math.multiplyExact(perBucket, wider)];
        for (int sub = 0; sub < perBucket; sub++) {
            System.arraycopy(cells, sub * stride, widened, sub * wider, split);
            System.arraycopy(cells, sub * stride + split, widened, sub * wider + split + SLOTS, stride - split);
        }
        cells = widened;
        stride = wider;
        grown.accept(heapBytes() - before);
    }

    /**
     * Summaries with this one's layout, of the bucket window starting at {@code bucketStart}, holding the
     * given cells, as {@link SubWindowCodec} decoded them from a sealed bucket: for reading only.
     */
    SubWindowSummaries withCells(long bucketStart, long[] decoded) {
        if (decoded.length != (long) perBucket * stride) {
            throw new IllegalArgumentException(decoded.length + " cells do not fit " + perBucket + " sub-windows of " + stride);
        }
        SubWindowSummaries summaries = laidOutLikeThis(bucketStart);
        summaries.cells = decoded;
        return summaries;
    }

    /**
     * Summaries laid out like these, holding nothing: what a sealed bucket keeps beside their encoding.
     * The same object for every bucket laid out like this one's predecessors since a column last widened
     * them; its bucket start is the first of those buckets' (see {@link #withCells}).
     */
    SubWindowSummaries layoutOnly() {
        if (shape == null) {
            SubWindowSummaries layout = laidOutLikeThis(bucketStart);
            layout.shape = layout;
            shape = layout;
        }
        return shape;
    }

    /** Empty summaries of the bucket window starting at {@code windowStart}, laid out like these. */
    private SubWindowSummaries laidOutLikeThis(long windowStart) {
        SubWindowSummaries summaries = new SubWindowSummaries(windowStart, subWindows, perBucket);
        summaries.layOutLike(this);
        return summaries;
    }

    /** The cells themselves (null before the first reading), for {@link SubWindowCodec}. */
    long[] cells() {
        return cells;
    }

    /** Longs per sub-window in {@link #cells()}. */
    int stride() {
        return stride;
    }

    int perBucket() {
        return perBucket;
    }

    /** Start of sub-window {@code sub}. */
    long start(int sub) {
        return subWindows.start(bucketStart, sub);
    }

    /** True when these summaries are of the bucket window starting at {@code windowStart}. */
    boolean startsAt(long windowStart) {
        return bucketStart == windowStart;
    }

    /** Start of sub-window {@code sub} of the bucket window starting at {@code windowStart}. */
    long start(long windowStart, int sub) {
        return subWindows.start(windowStart, sub);
    }

    long widthMillis() {
        return subWindows.widthMillis();
    }

    /** Readings counted in sub-window {@code sub}. */
    int readings(int sub) {
        return cells == null ? 0 : (int) cells[sub * stride];
    }

    /** Columns that may have spans ({@link #span} is null past those that have numbers). */
    int columns() {
        return NumberedColumns.end(numbered, numberedBeyond);
    }

    /** The span of {@code column}'s numbers in sub-window {@code sub}, or null when it has none there. */
    FieldSpan span(int sub, int column) {
        if (cells == null || !numbers(column)) {
            return null;
        }
        int at = sub * stride + slot(column);
        if (cells[at] == 0) {
            return null;
        }
        return new FieldSpan(cells[at], Double.longBitsToDouble(cells[at + 1]), Double.longBitsToDouble(cells[at + 2]),
                Double.longBitsToDouble(cells[at + 3]), cells[at + 4], Double.longBitsToDouble(cells[at + 5]),
                cells[at + 6], Double.longBitsToDouble(cells[at + 7]));
    }

    /** Bytes of heap held by this object and its arrays, headers included. */
    long heapBytes() {
        if (cells == null) {
            return 0;   // the bucket is empty: nothing allocated yet that is counted
        }
        return layoutBytes() + longsBytes(cells.length);
    }

    /** Bytes of heap held by this object and its layout, without its cells. */
    long layoutBytes() {
        return OBJECT_BYTES + (numberedBeyond == null ? 0 : longsBytes(numberedBeyond.length));
    }

    private static long longsBytes(int length) {
        return 16 + 8L * length;
    }
}
