package io.bucketry.codec;

import java.util.BitSet;
import java.util.Objects;

/**
 * Reads what {@link SealedBucketCodec#encode} wrote, column by column, straight into arrays the
 * caller owns, from an offset of a larger array: for a store that decodes a bucket per query and
 * wants no {@link SealedBucket}, map or copy in between. The times are decoded at {@link #open};
 * each column is then decoded ({@link #numbers}, {@link #texts}) or passed over ({@link #nextColumn}
 * without reading it). Malformed input fails as {@link SealedBucketCodec#decode} does. Not thread-safe.
 */
public final class SealedBucketReader {

    private final BitReader in;
    private final int version;
    private final int count;
    private final long[] times;
    private int columnsLeft;
    /** The current column: where its name starts, its kind, its absent rows and whether its values are still ahead. */
    private long nameAt = -1;
    private boolean text;
    private int absent;
    private long[] absentWords;
    private boolean unread;

    private SealedBucketReader(BitReader in, int version, int count, long[] times, int columns) {
        this.in = in;
        this.version = version;
        this.count = count;
        this.times = times;
        this.columnsLeft = columns;
    }

    /** Reads the header and the times of the bucket encoded in {@code bytes} from byte {@code offset} on. */
    public static SealedBucketReader open(byte[] bytes, int offset) {
        BitReader in = new BitReader(bytes, offset);
        int version = (int) in.read(8);
        if (version < SealedBucketCodec.OLDEST_VERSION || version > SealedBucketCodec.VERSION) {
            throw BitReader.malformed("format version " + version + " (this codec reads versions "
                    + SealedBucketCodec.OLDEST_VERSION + " to " + SealedBucketCodec.VERSION + ")");
        }
        int count = in.readCount("row count", SealedBucket.MAX_ROWS);
        long[] times = new long[count];
        TimeCodec.decode(in, times, count);
        for (int row = 1; row < count; row++) {
            if (times[row] <= times[row - 1]) {
                throw BitReader.malformed("time " + times[row] + " of row " + row
                        + " is not after the time of the previous row, " + times[row - 1]);
            }
        }
        return new SealedBucketReader(in, version, count, times, in.readCount("column count", in.remaining() / 10));
    }

    /** Rows. */
    public int count() {
        return count;
    }

    /** The times, strictly increasing: a new array per reader, the caller's to keep (and change). */
    public long[] times() {
        return times;
    }

    /** Moves to the next column (passing over the values of the current one if they were not read); false after the last. */
    public boolean nextColumn() {
        if (unread) {
            if (text) {
                TextCodec.skip(in, count - absent);
            } else {
                DecimalCodec.skip(in, count - absent, version);
            }
            unread = false;
        }
        if (columnsLeft == 0) {
            nameAt = -1;
            return false;
        }
        columnsLeft--;
        nameAt = in.position();
        in.skipString();
        text = in.readBit();
        if (absentWords == null) {
            absentWords = new long[Presence.words(count)];
        }
        absent = Presence.decode(in, count, absentWords);
        unread = true;
        return true;
    }

    /** The current column's name (a new String; {@link #nameIs} compares without one). */
    public String name() {
        return in.stringAt(current());
    }

    /** True when the current column is named {@code name}. */
    public boolean nameIs(String name) {
        return in.stringEquals(current(), name);
    }

    /** True for a text column, false for a numeric one. */
    public boolean isText() {
        current();
        return text;
    }

    /** How many rows of the current column are absent. */
    public int absentCount() {
        current();
        return absent;
    }

    /** True when {@code row} lacks the current column. */
    public boolean isAbsent(int row) {
        current();
        Objects.checkIndex(row, count);
        return absent != 0 && (absentWords[row >>> 6] & 1L << row) != 0;
    }

    /** The current column's absent rows as a new set. */
    public BitSet absentRows() {
        current();
        return absent == 0 ? new BitSet() : BitSet.valueOf(absentWords);
    }

    /**
     * Decodes the current (numeric) column into {@code values[0, count)}: each present row its value bit for
     * bit, each absent row NaN (ask {@link #isAbsent} where a present value may be NaN too).
     */
    public void numbers(double[] values) {
        requireUnread(false, values.length);
        int present = count - absent;
        DecimalCodec.decode(in, values, present, version);
        // spread the present values over their rows, from the last row back, so nothing is overwritten unread
        for (int row = count - 1, next = present - 1; absent != 0 && row >= 0; row--) {
            values[row] = (absentWords[row >>> 6] & 1L << row) != 0 ? Double.NaN : values[next--];
        }
        unread = false;
    }

    /** Decodes the current (text) column into {@code values[0, count)}: null at an absent row; equal texts are one String. */
    public void texts(String[] values) {
        int[] codes = new int[count];
        String[] dictionary = texts(codes);
        for (int row = 0; row < count; row++) {
            values[row] = codes[row] < 0 ? null : dictionary[codes[row]];
        }
    }

    /**
     * Decodes the current (text) column as indexes into the texts it answers: {@code codes[row]} for each
     * row of {@code codes[0, count)}, -1 at an absent row. Cheaper than {@link #texts(String[])}, which
     * stores a reference per row.
     */
    public String[] texts(int[] codes) {
        requireUnread(true, codes.length);
        int present = count - absent;
        String[] dictionary = TextCodec.decode(in, codes, present);
        for (int row = count - 1, next = present - 1; absent != 0 && row >= 0; row--) {
            codes[row] = (absentWords[row >>> 6] & 1L << row) != 0 ? -1 : codes[next--];
        }
        unread = false;
        return dictionary;
    }

    /** Fails unless every column was passed and nothing but the last byte's padding is left. */
    public void requireEnd() {
        if (unread || columnsLeft > 0) {
            throw new IllegalStateException("columns are left to read");
        }
        in.requireEnd();
    }

    private long current() {
        if (nameAt < 0) {
            throw new IllegalStateException("no current column: call nextColumn() first");
        }
        return nameAt;
    }

    private void requireUnread(boolean textColumn, int length) {
        current();
        if (text != textColumn || !unread) {
            throw new IllegalStateException(unread ? "the column is " + (text ? "text" : "numeric")
                    : "the column was read already");
        }
        if (length < count) {
            throw new IllegalArgumentException("an array of " + length + " for " + count + " rows");
        }
    }
}
