package io.bucketry.adapter.inmemory;

/**
 * How a bucket's rows are counted into its {@link SubWindowSummaries}: a late reading's row at once,
 * the sub-windows not summed yet all together, from their rows, when the summaries are read
 * ({@link PackedBucket#subWindows}); and how a bucket being sealed has its summaries summed from its rows
 * straight into their encoding ({@link #encode}).
 */
final class SubWindowRows {

    /** The span of one column's numbers in a run of rows, as {@link #of} summed it last. */
    private long count;
    private double min;
    private double max;
    private double sum;
    private long firstTime;
    private double first;
    private long lastTime;
    private double last;

    private SubWindowRows() {
    }

    /**
     * Sums every sub-window that has rows in {@code [from, end)} into {@code summaries}, each sub-window
     * anew (what it held is replaced). {@code from} must be the first row of its sub-window (the caller
     * starts at a sub-window's start) and {@code end} the row count, so each sub-window is whole: a column at a
     * time, in time order, as {@link SubWindowSummaries#value} would have counted them. Answers the start
     * of the last sub-window summed, or {@code Long.MIN_VALUE} when there are no rows.
     */
    static long sumFrom(RowTable rows, SubWindowSummaries summaries, int from, int end) {
        SubWindowRows span = new SubWindowRows();
        long latest = Long.MIN_VALUE;
        int row = from;
        while (row < end) {
            int sub = summaries.index(rows.time(row));
            int last = endOf(rows, row, end, sub + 1 < summaries.perBucket() ? summaries.start(sub + 1) : Long.MAX_VALUE);
            summaries.reset(sub, last - row);
            for (int column = 0; column < rows.columns(); column++) {
                if (span.of(rows, column, row, last)) {
                    summaries.setSpan(sub, column, span.count, span.min, span.max, span.sum, span.firstTime, span.first,
                            span.lastTime, span.last);
                }
            }
            latest = summaries.start(sub);
            row = last;
        }
        return latest;
    }

    /**
     * The summaries of every sub-window of the rows of the bucket window starting at {@code bucketStart},
     * summed anew in time order and encoded as {@link SubWindowCodec#encode} encodes summaries laid out as
     * {@code layout}, which must number every column that has numbers here and no column past these rows'
     * (a layout is the bucket's own or its predecessor's, whose columns a bucket starts with): the same
     * bytes, without summing into cells first (the cells of an hour's bucket, 1.6 KB, were the largest new
     * allocation per sealed bucket in an allocation profile of simulate {@code --sub-window 5m}).
     */
    static byte[] encode(RowTable rows, SubWindowSummaries layout, long bucketStart) {
        SubWindowCodec.Writer writer = new SubWindowCodec.Writer(layout.stride(),
                Math.multiplyExact(layout.perBucket(), layout.stride()));
        SubWindowRows span = new SubWindowRows();
        int columns = layout.columns();
        int end = rows.rowCount();
        int row = 0;
        for (int sub = 0; sub < layout.perBucket(); sub++) {
            int last = endOf(rows, row, end,
                    sub + 1 < layout.perBucket() ? layout.start(bucketStart, sub + 1) : Long.MAX_VALUE);
            writer.subWindow(layout.start(bucketStart, sub), last - row);
            for (int column = 0; column < columns; column++) {
                if (!layout.numbers(column)) {
                    continue;
                }
                if (span.of(rows, column, row, last)) {
                    writer.span(layout.place(column), span.count, Double.doubleToRawLongBits(span.min),
                            Double.doubleToRawLongBits(span.max), Double.doubleToRawLongBits(span.sum), span.firstTime,
                            Double.doubleToRawLongBits(span.first), span.lastTime, Double.doubleToRawLongBits(span.last));
                } else {
                    writer.noSpan();
                }
            }
            row = last;
        }
        return writer.bytes();
    }

    /** The end of the run of rows from {@code row} (of {@code end}) before {@code next}. */
    private static int endOf(RowTable rows, int row, int end, long next) {
        int last = row;
        while (last < end && rows.time(last) < next) {
            last++;
        }
        return last;
    }

    /** Sums {@code column}'s numbers in rows {@code [from, end)}, in time order, into this; answers whether there were any. */
    private boolean of(RowTable rows, int column, int from, int end) {
        count = 0;
        for (int row = from; row < end; row++) {
            if (!rows.isNumber(row, column)) {
                continue;
            }
            double value = rows.number(row, column);
            lastTime = rows.time(row);
            last = value;
            if (count++ == 0) {
                min = value;
                max = value;
                sum = value;
                firstTime = lastTime;
                first = value;
            } else {
                min = Math.min(min, value);
                max = Math.max(max, value);
                sum += value;
            }
        }
        return count > 0;
    }

    /** Counts row {@code row}, a reading at {@code time}, into its sub-window of {@code summaries}. */
    static void count(RowTable rows, SubWindowSummaries summaries, int row, long time) {
        int sub = summaries.reading(time);
        for (int column = 0; column < rows.columns(); column++) {
            if (rows.isNumber(row, column)) {
                summaries.value(sub, column, time, rows.number(row, column));
            }
        }
    }
}
