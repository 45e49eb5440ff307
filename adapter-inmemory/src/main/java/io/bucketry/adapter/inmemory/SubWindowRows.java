package io.bucketry.adapter.inmemory;

/**
 * How a bucket's rows are counted into its {@link SubWindowSummaries}: a late reading's row at once,
 * the sub-windows not summed yet all together, from their rows, when the summaries are read or the
 * bucket is sealed ({@link PackedBucket#subWindows}).
 */
final class SubWindowRows {

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
        long latest = Long.MIN_VALUE;
        int row = from;
        while (row < end) {
            int sub = summaries.index(rows.time(row));
            long next = sub + 1 < summaries.perBucket() ? summaries.start(sub + 1) : Long.MAX_VALUE;
            int last = row + 1;
            while (last < end && rows.time(last) < next) {
                last++;
            }
            sum(rows, summaries, sub, row, last);
            latest = summaries.start(sub);
            row = last;
        }
        return latest;
    }

    /** Sums rows {@code [from, end)}, all of sub-window {@code sub}, into it, which is reset first. */
    private static void sum(RowTable rows, SubWindowSummaries summaries, int sub, int from, int end) {
        summaries.reset(sub, end - from);
        for (int column = 0; column < rows.columns(); column++) {
            long count = 0;
            double min = 0;
            double max = 0;
            double sum = 0;
            long firstTime = 0;
            double first = 0;
            long lastTime = 0;
            double last = 0;
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
            if (count > 0) {
                summaries.setSpan(sub, column, count, min, max, sum, firstTime, first, lastTime, last);
            }
        }
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
