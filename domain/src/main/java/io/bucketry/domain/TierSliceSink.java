package io.bucketry.domain;

/**
 * Receives a rollup tier's slices laid out flat ({@link FlatSlices}), without an object per slice: series by
 * series in ascending id order (a sink may rely on it: the tie rule of first and last does), each series' windows
 * in start order, a window's slices one after another.
 */
public interface TierSliceSink {

    /** Starts the slices of {@code series}, whose id sorts after every series handed before; called once per series. */
    void series(SeriesId series);

    /**
     * One slice of the current series: in its tier window {@code [start, end)} (epoch ms), of the readings written
     * with {@code tags}; its count and fields at {@code at} in {@code values}, laid out for {@code fields} as
     * {@link FlatSlices} says. The array is the store's: read it here, keep none of it.
     *
     * @return false when nothing more is needed (the answer is refused already): the store stops the read
     */
    boolean slice(long start, long end, Tags tags, FieldSchema fields, long[] values, int at);
}
