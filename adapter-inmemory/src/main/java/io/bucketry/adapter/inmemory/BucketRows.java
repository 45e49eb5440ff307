package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.Reading;
import io.bucketry.domain.WindowAggregator;

import java.util.ArrayList;
import java.util.List;

/**
 * The readings of one bucket by index in time order, as queries read them: an open bucket's rows
 * ({@link PackedBucket}) or a sealed bucket's decoded columns ({@link DecodedColumns}).
 */
interface BucketRows {

    int count();

    long timeAt(int index);

    /** Index of the first reading at or after {@code epochMilli} (count when there is none). */
    int lowerBound(long epochMilli);

    /** The reading at {@code index} in time order, as a plain value that holds none of the bucket's storage. */
    Reading readingAt(int index);

    /** Hands the readings at indexes {@code [from, to)} to {@code sink} as columns, after their {@link ReadingSink#columns}. */
    void rowsInto(int from, int to, ReadingSink sink);

    /** Feeds the readings with times in {@code [from, to)} into {@code aggregator}. */
    void aggregateInto(WindowAggregator aggregator, long from, long to);

    /** Appends the readings at indexes {@code [from, to)} to {@code out}, in time order. */
    default void readingsInto(int from, int to, List<Reading> out) {
        java.util.Objects.checkFromToIndex(from, to, count());
        for (int i = from; i < to; i++) {
            out.add(readingAt(i));
        }
    }

    /** All readings in time order. */
    default List<Reading> readings() {
        List<Reading> out = new ArrayList<>(count());
        readingsInto(0, count(), out);
        return out;
    }

    default boolean contains(long epochMilli) {
        int index = lowerBound(epochMilli);
        return index < count() && timeAt(index) == epochMilli;
    }
}
