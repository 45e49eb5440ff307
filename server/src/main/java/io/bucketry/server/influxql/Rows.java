package io.bucketry.server.influxql;

import java.util.List;

/** LIMIT and OFFSET over the rows of one output series, SLIMIT and SOFFSET over the series. */
final class Rows {

    private Rows() {
    }

    /** The rows from {@code offset} on, at most {@code limit} of them (0: no limit). */
    static <T> List<T> page(List<T> rows, long limit, long offset) {
        int from = (int) Math.min(offset, rows.size());
        int to = limit == 0 ? rows.size() : (int) Math.min(rows.size(), from + limit);
        return rows.subList(from, to);
    }
}
