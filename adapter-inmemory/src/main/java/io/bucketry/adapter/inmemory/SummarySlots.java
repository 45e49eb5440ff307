package io.bucketry.adapter.inmemory;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSummary;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The summaries of a bucket's columns as {@value #SLOTS} longs per column at the start of an array:
 * the count of its numbers, then the bits of their min, max and sum. Open buckets keep them in front
 * of their rows ({@link PackedRows}), sealed ones on their own ({@link SealedColumns}), so a whole
 * bucket's summary is read in either form without touching a reading.
 */
final class SummarySlots {

    static final int SLOTS = 4;
    private static final long POSITIVE_INFINITY = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
    private static final long NEGATIVE_INFINITY = Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY);

    private SummarySlots() {
    }

    /** Sets columns {@code [from, to)} to the empty summary (no numbers: min +∞, max −∞). */
    static void clear(long[] slots, int from, int to) {
        for (int column = from; column < to; column++) {
            slots[SLOTS * column] = 0;
            slots[SLOTS * column + 1] = POSITIVE_INFINITY;
            slots[SLOTS * column + 2] = NEGATIVE_INFINITY;
            slots[SLOTS * column + 3] = 0;
        }
    }

    /** Counts {@code value} into {@code column}'s summary. */
    static void add(long[] slots, int column, double value) {
        int at = SLOTS * column;
        slots[at]++;
        slots[at + 1] = Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(slots[at + 1]), value));
        slots[at + 2] = Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(slots[at + 2]), value));
        slots[at + 3] = Double.doubleToRawLongBits(Double.longBitsToDouble(slots[at + 3]) + value);
    }

    /** The summary of {@code column}'s numbers, or null when it has none. */
    static FieldSummary of(long[] slots, int column) {
        int at = SLOTS * column;
        return slots[at] == 0 ? null : new FieldSummary(slots[at], Double.longBitsToDouble(slots[at + 1]),
                Double.longBitsToDouble(slots[at + 2]), Double.longBitsToDouble(slots[at + 3]));
    }

    /** Every column's summary that has numbers, by name, in column order. */
    static Map<String, FieldSummary> byName(long[] slots, FieldSchema schema) {
        Map<String, FieldSummary> summaries = new LinkedHashMap<>();
        for (int column = 0; column < schema.size(); column++) {
            FieldSummary summary = of(slots, column);
            if (summary != null) {
                summaries.put(schema.name(column), summary);
            }
        }
        return summaries;
    }

    /** The summary slots of {@code columns} columns at the start of {@code data}, copied. */
    static long[] copy(long[] data, int columns) {
        return Arrays.copyOf(data, SLOTS * columns);
    }
}
