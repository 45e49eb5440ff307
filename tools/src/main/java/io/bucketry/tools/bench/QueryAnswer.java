package io.bucketry.tools.bench;

import java.util.Arrays;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An answer reduced to what every system can say: rows by key (a time, a window start, a sensor and
 * window, a sensor) with the temperature and pressure each gives, and the bytes of the answer as sent.
 */
record QueryAnswer(SortedMap<String, double[]> rows, long bytes) {

    /** Relative difference two systems' numbers may have: their averages sum in other orders. */
    private static final double TOLERANCE = 1e-9;

    /** A builder's start: no rows yet. */
    static SortedMap<String, double[]> newRows() {
        return new TreeMap<>();
    }

    /** Null when this answer says what {@code reference} says; else the first difference, in words. */
    String differenceFrom(QueryAnswer reference) {
        if (!rows.keySet().equals(reference.rows.keySet())) {
            return rows.size() + " rows where the reference has " + reference.rows.size() + " (keys differ, e.g. "
                    + firstKeyMissing(reference.rows, rows) + ")";
        }
        for (Map.Entry<String, double[]> row : rows.entrySet()) {
            double[] expected = reference.rows.get(row.getKey());
            if (!close(row.getValue(), expected)) {
                return "row " + row.getKey() + ": " + Arrays.toString(row.getValue()) + " where the reference has "
                        + Arrays.toString(expected);
            }
        }
        return null;
    }

    private static String firstKeyMissing(SortedMap<String, double[]> a, SortedMap<String, double[]> b) {
        for (String key : a.keySet()) {
            if (!b.containsKey(key)) {
                return key + " missing";
            }
        }
        return b.keySet().stream().filter(key -> !a.containsKey(key)).findFirst().map(key -> key + " extra").orElse("?");
    }

    private static boolean close(double[] a, double[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (Math.abs(a[i] - b[i]) > TOLERANCE * Math.max(1, Math.abs(b[i]))) {
                return false;
            }
        }
        return true;
    }
}
