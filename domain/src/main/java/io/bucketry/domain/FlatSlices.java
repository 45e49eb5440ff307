package io.bucketry.domain;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * A {@link TierSlice} laid out in a {@code long[]}, as stores hand slices to a {@link TierSliceSink}: at {@code at}
 * the slice's count, then for each field of a {@link FieldSchema}, in schema order, {@value #PER_FIELD} longs: the
 * field's count (0: no value of it in the slice), min, max, sum, time of the first value, first, time of the last,
 * last (doubles as their raw bits, so a value reads back bit for bit).
 */
public final class FlatSlices {

    /** Longs per field. */
    public static final int PER_FIELD = 8;
    static final int MIN = 1;
    static final int MAX = 2;
    static final int SUM = 3;
    static final int FIRST_TIME = 4;
    static final int FIRST = 5;
    static final int LAST_TIME = 6;
    static final int LAST = 7;

    private FlatSlices() {
    }

    /** How many longs a slice takes over {@code fields}. */
    public static int width(FieldSchema fields) {
        return 1 + PER_FIELD * fields.size();
    }

    /** Where the values of field {@code index} of the slice at {@code at} begin: its count first. */
    static int field(int at, int index) {
        return at + 1 + PER_FIELD * index;
    }

    /** The schema of every field of {@code window}'s slices, in name order. */
    public static FieldSchema fieldsOf(TierWindow window) {
        TreeSet<String> names = new TreeSet<>();
        for (TierSlice slice : window.slices()) {
            names.addAll(slice.fields().keySet());
        }
        return FieldSchema.ofChecked(names.toArray(new String[0]));
    }

    /** Lays {@code slice} out at {@code at} over {@code fields}, which name each of its fields; the others get count 0. */
    public static void write(TierSlice slice, FieldSchema fields, long[] into, int at) {
        into[at] = slice.count();
        for (int i = 0; i < fields.size(); i++) {
            FieldSpan span = slice.fields().get(fields.name(i));
            int f = field(at, i);
            if (span == null) {
                into[f] = 0;
                continue;
            }
            into[f] = span.count();
            into[f + MIN] = Double.doubleToRawLongBits(span.min());
            into[f + MAX] = Double.doubleToRawLongBits(span.max());
            into[f + SUM] = Double.doubleToRawLongBits(span.sum());
            into[f + FIRST_TIME] = span.firstTime();
            into[f + FIRST] = Double.doubleToRawLongBits(span.first());
            into[f + LAST_TIME] = span.lastTime();
            into[f + LAST] = Double.doubleToRawLongBits(span.last());
        }
        for (String name : slice.fields().keySet()) {
            if (fields.indexOf(name) < 0) {
                throw new IllegalArgumentException("field '" + name + "' of a tier slice is not in " + fields);
            }
        }
    }

    /** The slice of {@code tags} laid out at {@code at} over {@code fields}. */
    public static TierSlice read(Tags tags, FieldSchema fields, long[] from, int at) {
        Map<String, FieldSpan> spans = new HashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            int f = field(at, i);
            if (from[f] > 0) {
                spans.put(fields.name(i), new FieldSpan(from[f], real(from, f + MIN), real(from, f + MAX),
                        real(from, f + SUM), from[f + FIRST_TIME], real(from, f + FIRST), from[f + LAST_TIME],
                        real(from, f + LAST)));
            }
        }
        return new TierSlice(tags, from[at], spans);
    }

    /**
     * Hands each slice of {@code window} to {@code sink}, laid out flat, until it answers false; answers false then.
     * Starts the window's series on the sink when {@code previous}, the series of the window handed before (or
     * null), is another one.
     */
    public static boolean feed(TierWindow window, SeriesId previous, TierSliceSink sink) {
        if (!window.series().equals(previous)) {
            sink.series(window.series());
        }
        FieldSchema fields = fieldsOf(window);
        long[] values = new long[width(fields)];
        long start = window.start().toEpochMilli();
        long end = window.end().toEpochMilli();
        for (TierSlice slice : window.slices()) {
            write(slice, fields, values, 0);
            if (!sink.slice(start, end, slice.tags(), fields, values, 0)) {
                return false;
            }
        }
        return true;
    }

    /** Hands {@code windows} (ordered by series, then start) to {@code sink} as {@link #feed(TierWindow, SeriesId, TierSliceSink)} does, until it answers false. */
    public static void feedAll(Iterable<TierWindow> windows, TierSliceSink sink) {
        SeriesId previous = null;
        for (TierWindow window : windows) {
            if (!feed(window, previous, sink)) {
                return;
            }
            previous = window.series();
        }
    }

    static double real(long[] values, int at) {
        return Double.longBitsToDouble(values[at]);
    }
}
