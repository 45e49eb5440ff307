package io.bucketry.codec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The readings of a bucket that takes no more in-order writes, as columns: strictly increasing times and named fields. */
public final class SealedBucket {

    /** The most rows a sealed bucket holds (the domain allows 100,000 per bucket). */
    public static final int MAX_ROWS = 1 << 20;

    private final long[] times;
    private final Map<String, Column> columns;

    private SealedBucket(long[] times, Map<String, Column> columns) {
        this.times = times;
        this.columns = columns;
    }

    /**
     * @param times   epoch milliseconds, strictly increasing
     * @param columns each as long as {@code times}; iteration order is kept
     */
    public static SealedBucket of(long[] times, Map<String, ? extends Column> columns) {
        if (times.length > MAX_ROWS) {
            throw new IllegalArgumentException("a sealed bucket of " + times.length + " rows exceeds " + MAX_ROWS);
        }
        for (int row = 1; row < times.length; row++) {
            if (times[row] <= times[row - 1]) {
                throw new IllegalArgumentException("time " + times[row] + " of row " + row
                        + " is not after the time of the previous row, " + times[row - 1]);
            }
        }
        Map<String, Column> copy = new LinkedHashMap<>();
        columns.forEach((name, column) -> {
            if (name == null || column == null) {
                throw new IllegalArgumentException("column '" + name + "' is " + (name == null ? "unnamed" : "null"));
            }
            if (column.size() != times.length) {
                throw new IllegalArgumentException("column '" + name + "' has " + column.size() + " rows, the bucket "
                        + times.length);
            }
            copy.put(name, column);
        });
        return new SealedBucket(times.clone(), Collections.unmodifiableMap(copy));
    }

    public int count() {
        return times.length;
    }

    public long time(int row) {
        return times[row];
    }

    /** The columns by name, in the order given. */
    public Map<String, Column> columns() {
        return columns;
    }

    long[] times() {
        return times;
    }
}
