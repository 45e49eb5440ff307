package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Statement.Fill;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * InfluxQL's fill() over the windows of one output series, column by column: none leaves out windows with
 * no value at all, null keeps them, a number stands in for each missing value, previous repeats the last
 * value answered before, linear draws the line between the nearest values before and after (none at the
 * edges). Unlike Bucketry's own gap fill, it looks at the statement's windows only, as InfluxDB does.
 */
final class Fills {

    private Fills() {
    }

    /**
     * The rows {@code [time, values…]} with {@code fill} applied; in the {@code integers} columns (counts) a number
     * is cut to a whole one and a null fill answers 0, as InfluxDB answers a count of no readings.
     */
    static List<List<Object>> apply(List<Object[]> rows, Fill fill, boolean[] integers) {
        int columns = rows.isEmpty() ? 0 : rows.get(0).length;
        switch (fill.kind()) {
            case NONE -> {
                return rows.stream().filter(Fills::hasValue).map(Arrays::asList).toList();
            }
            case NUMBER -> rows.forEach(row -> {
                for (int c = 1; c < columns; c++) {
                    row[c] = row[c] != null ? row[c] : integers[c] ? (Object) (long) fill.value() : number(fill.value());
                }
            });
            case NULL -> rows.forEach(row -> {
                for (int c = 1; c < columns; c++) {
                    row[c] = row[c] == null && integers[c] ? (Object) 0L : row[c];
                }
            });
            case PREVIOUS -> {
                for (int c = 1; c < columns; c++) {
                    Object previous = null;
                    for (Object[] row : rows) {
                        row[c] = row[c] == null ? previous : row[c];
                        previous = row[c];
                    }
                }
            }
            case LINEAR -> {
                for (int c = 1; c < columns; c++) {
                    linear(rows, c);
                }
            }
        }
        List<List<Object>> filled = new ArrayList<>(rows.size());
        rows.forEach(row -> filled.add(Arrays.asList(row)));
        return filled;
    }

    private static boolean hasValue(Object[] row) {
        for (int c = 1; c < row.length; c++) {
            if (row[c] != null) {
                return true;
            }
        }
        return false;
    }

    private static void linear(List<Object[]> rows, int c) {
        int before = -1;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i)[c] == null) {
                continue;
            }
            if (before >= 0 && i - before > 1) {
                Object[] start = rows.get(before);
                Object[] end = rows.get(i);
                for (int k = before + 1; k < i; k++) {
                    rows.get(k)[c] = between(start[c], end[c], (long) start[0], (long) end[0], (long) rows.get(k)[0]);
                }
            }
            before = i;
        }
    }

    /** The point at {@code time} on the line through the neighbours: slope times distance plus the value before. */
    private static Object between(Object from, Object to, long fromTime, long toTime, long time) {
        double a = ((Number) from).doubleValue();
        double slope = (((Number) to).doubleValue() - a) / (double) (toTime - fromTime);
        double value = slope * (double) (time - fromTime) + a;
        return from instanceof Long && to instanceof Long ? (Object) (long) value : (Object) value;
    }

    private static Object number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Object) (long) value : (Object) value;
    }
}
