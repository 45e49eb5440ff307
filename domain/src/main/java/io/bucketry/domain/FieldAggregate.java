package io.bucketry.domain;

/**
 * The summary of one numeric field over a window: how many readings had it, their min, max and
 * sum, and the values of the first and last of them in time order.
 */
public record FieldAggregate(long count, double min, double max, double sum, double first, double last) {

    public FieldAggregate {
        if (count < 1) {
            throw new IllegalArgumentException("a field aggregate needs at least one value, got count " + count);
        }
    }

    public double avg() {
        return sum / count;
    }
}
