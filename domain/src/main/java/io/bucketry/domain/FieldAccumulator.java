package io.bucketry.domain;

/** One field's count, min, max, sum, first and last (by time) in one window of a {@link WindowAggregator}, as it accumulates. */
final class FieldAccumulator {

    private long count;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double sum;
    private long firstTime = Long.MAX_VALUE;
    private double first;
    private long lastTime = Long.MIN_VALUE;
    private double last;

    void add(long time, double value) {
        count++;
        min = Math.min(min, value);
        max = Math.max(max, value);
        sum += value;
        if (time < firstTime) {
            firstTime = time;
            first = value;
        }
        if (time > lastTime) {
            lastTime = time;
            last = value;
        }
    }

    void merge(long count, double min, double max, double sum) {
        this.count += count;
        this.min = Math.min(this.min, min);
        this.max = Math.max(this.max, max);
        this.sum += sum;
    }

    void merge(FieldSpan span) {
        merge(span.count(), span.min(), span.max(), span.sum());
        if (span.firstTime() < firstTime) {
            firstTime = span.firstTime();
            first = span.first();
        }
        if (span.lastTime() > lastTime) {
            lastTime = span.lastTime();
            last = span.last();
        }
    }

    /** Merges this accumulator into {@link FieldCells} at {@code at} that hold more values of the same series. */
    void mergeInto(long[] cells, int at) {
        FieldCells.merge(cells, at, count, min, max, sum, firstTime, first, lastTime, last);
    }

    FieldAggregate toAggregate() {
        return new FieldAggregate(count, min, max, sum, first, last);
    }

    /**
     * A window's aggregates in name order: {@code fields} its accumulators by slot, {@code order} the slots
     * by name, {@code sorted} their names (shared when all are present).
     */
    static FieldAggregates aggregates(FieldAccumulator[] fields, int[] order, String[] sorted) {
        int present = 0;
        for (FieldAccumulator acc : fields) {
            present += acc == null ? 0 : 1;
        }
        boolean all = present == sorted.length;
        String[] names = all ? sorted : new String[present];
        FieldAggregate[] values = new FieldAggregate[present];
        int at = 0;
        for (int i = 0; i < order.length; i++) {
            int slot = order[i];
            if (slot < fields.length && fields[slot] != null) {
                if (!all) {
                    names[at] = sorted[i];
                }
                values[at++] = fields[slot].toAggregate();
            }
        }
        return new FieldAggregates(names, values);
    }
}
