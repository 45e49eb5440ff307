package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.BucketKey;
import io.bucketry.domain.FieldSummary;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregator;

import java.util.Map;
import java.util.Objects;

/**
 * An open bucket as it is read: its key and its rows as the readings of its series ({@link BucketRows}),
 * by index, by time and into an aggregator. {@link PackedBucket} extends it with what takes readings
 * (the policy's admission, sub-window summaries, heap accounting); split so that each side reads as one
 * concept, one object still (see {@link RowTable}).
 */
abstract class PackedBucketReads extends PackedRows implements BucketRows {

    private final SeriesId series;
    private final long start;
    private final int seq;

    PackedBucketReads(SeriesId series, long start, int seq) {
        this.series = Objects.requireNonNull(series, "series");
        this.start = start;
        if (seq < 0) {
            throw new IllegalArgumentException("bucket sequence number " + seq + " must not be negative");
        }
        this.seq = seq;
    }

    final BucketKey key() {
        return new BucketKey(series, start, seq);
    }

    final SeriesId series() {
        return series;
    }

    /** Window start (windowed policy) or the time of the first reading when opened (paged policy). */
    public final long start() {
        return start;
    }

    public final int seq() {
        return seq;
    }

    @Override
    public final int count() {
        return rowCount();
    }

    final boolean isEmpty() {
        return count() == 0;
    }

    /** Time of the earliest reading; the bucket must not be empty. */
    public final long firstTime() {
        requireNotEmpty();
        return time(0);
    }

    /** Time of the latest reading; the bucket must not be empty. */
    public final long lastTime() {
        requireNotEmpty();
        return time(count() - 1);
    }

    @Override
    public final long timeAt(int index) {
        Objects.checkIndex(index, count());
        return time(index);
    }

    @Override
    public final int lowerBound(long epochMilli) {
        return firstRowAtOrAfter(epochMilli);
    }

    /** The reading at {@code index} in time order, as a plain value (see {@link #fieldsAt}). */
    @Override
    public final Reading readingAt(int index) {
        Objects.checkIndex(index, count());
        return Reading.at(series, time(index), fieldsAt(index));
    }

    @Override
    public final void rowsInto(int from, int to, ReadingSink sink) {
        Objects.checkFromToIndex(from, to, count());
        sink.columns(schema());
        for (int i = from; i < to; i++) {
            sink.row(time(i));
            for (int column = 0; column < columns(); column++) {
                if (isNumber(i, column)) {
                    sink.number(column, number(i, column));
                } else {
                    String text = textOrNull(i, column);
                    if (text != null) {
                        sink.text(column, text);
                    }
                }
            }
        }
    }

    @Override
    public final void aggregateInto(WindowAggregator aggregator, long from, long to) {
        int end = lowerBound(to);
        for (int i = lowerBound(from); i < end; i++) {
            long time = time(i);
            WindowAggregator.Window window = aggregator.reading(time);
            for (int column = 0; column < columns(); column++) {
                if (isNumber(i, column)) {
                    window.value(schema().name(column), time, number(i, column));
                }
            }
        }
    }

    /** Pre-computed count/min/max/sum per numeric field, in column order. */
    public final Map<String, FieldSummary> summaries() {
        return SummarySlots.byName(summarySlots(), schema());
    }

    private void requireNotEmpty() {
        if (count() == 0) {
            throw new IllegalStateException("bucket " + series + "#" + seq + " is empty");
        }
    }
}
