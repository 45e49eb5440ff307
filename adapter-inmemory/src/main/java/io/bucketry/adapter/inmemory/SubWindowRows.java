package io.bucketry.adapter.inmemory;

/**
 * How a bucket's rows are counted into its {@link SubWindowSummaries}: a late reading's row at once,
 * the latest sub-window's rows all together when it closes or is read ({@link PackedBucket#subWindows}).
 */
final class SubWindowRows {

    private SubWindowRows() {
    }

    /**
     * Sums the readings of sub-window {@code sub}, the latest of {@code rows}, from the row before
     * {@code end} back to the sub-window's start, into {@code summaries}, which held nothing of them or
     * what an earlier call summed: a column at a time, as {@link SubWindowSummaries#value} would have
     * counted them in time order.
     */
    static void sum(RowTable rows, SubWindowSummaries summaries, int sub, int end) {
        long start = summaries.start(sub);
        int from = end;
        while (from > 0 && rows.time(from - 1) >= start) {
            from--;
        }
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
