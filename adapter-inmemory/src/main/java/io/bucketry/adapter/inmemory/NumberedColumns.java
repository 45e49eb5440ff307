package io.bucketry.adapter.inmemory;

import java.util.Arrays;

/**
 * Which of a bucket's columns have numbers, and so slots in its {@link SubWindowSummaries}: a bit per
 * column, columns 0–63 in one {@code long} and the rest in words beyond it (null while none has
 * numbers), kept as fields of their holder rather than an object of their own, since every write reads
 * them and each object is another cache miss. A column's slots follow those of the numbered columns
 * below it, so its place is a count of bits.
 */
final class NumberedColumns {

    private NumberedColumns() {
    }

    /** True when {@code column} has numbers. */
    static boolean has(long low, long[] beyond, int column) {
        if (column < Long.SIZE) {
            return (low & (1L << column)) != 0;
        }
        int word = column / Long.SIZE - 1;
        return beyond != null && word < beyond.length && (beyond[word] & (1L << (column & 63))) != 0;
    }

    /** How many numbered columns lie below {@code column}: where its slots start, in columns. */
    static int place(long low, long[] beyond, int column) {
        if (column < Long.SIZE) {
            return Long.bitCount(low & ((1L << column) - 1));
        }
        int place = Long.bitCount(low);
        int word = column / Long.SIZE - 1;
        for (int w = 0; w < word; w++) {
            place += Long.bitCount(beyond[w]);
        }
        return place + Long.bitCount(beyond[word] & ((1L << (column & 63)) - 1));
    }

    /** One past the highest numbered column (0 when none has numbers). */
    static int end(long low, long[] beyond) {
        if (beyond != null) {
            for (int word = beyond.length - 1; word >= 0; word--) {
                if (beyond[word] != 0) {
                    return (word + 2) * Long.SIZE - Long.numberOfLeadingZeros(beyond[word]);
                }
            }
        }
        return Long.SIZE - Long.numberOfLeadingZeros(low);
    }

    /** {@code beyond} with {@code column}, 64 or above, numbered: the same array when it has the word, else a longer copy. */
    static long[] withBeyond(long[] beyond, int column) {
        int word = column / Long.SIZE - 1;
        long[] words = beyond == null ? new long[word + 1] : word < beyond.length ? beyond : Arrays.copyOf(beyond, word + 1);
        words[word] |= 1L << (column & 63);
        return words;
    }
}
