package io.bucketry.domain;

/**
 * The summary of one numeric field over a window: how many readings had it, their min, max and
 * sum, and the values of the first and last of them in time order. A {@link #filled} value (count
 * 0, of a window that gap filling added) has min, max, first, last and avg equal to it and sum 0.
 */
public record FieldAggregate(long count, double min, double max, double sum, double first, double last) {

    public FieldAggregate {
        if (count < 0 || count == 0 && !(sum == 0 && min == max && min == first && min == last)) {
            throw new IllegalArgumentException("a field aggregate needs at least one value, got count " + count
                    + (count == 0 ? " without being one filled value" : ""));
        }
    }

    /** The value gap filling gives a field in a window that held no reading: count 0, sum 0, every other figure {@code value}. */
    public static FieldAggregate filled(double value) {
        return new FieldAggregate(0, value, value, 0, value, value);
    }

    /** The mean of the values; the filled value itself when filled. */
    public double avg() {
        return count == 0 ? min : sum / count;
    }
}
