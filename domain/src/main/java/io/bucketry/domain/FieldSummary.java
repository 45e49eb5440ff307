package io.bucketry.domain;

/**
 * A bucket's pre-computed summary of one numeric field: count, min, max, sum. Summaries merge:
 * the summary of two buckets' readings is the {@link #merge} of theirs.
 */
public record FieldSummary(long count, double min, double max, double sum) {

    public FieldSummary {
        if (count < 1) {
            throw new IllegalArgumentException("a field summary needs at least one value, got count " + count);
        }
    }

    /** The summary of one value. */
    public static FieldSummary of(double value) {
        return new FieldSummary(1, value, value, value);
    }

    /** This summary with one more value. */
    public FieldSummary plus(double value) {
        return new FieldSummary(count + 1, Math.min(min, value), Math.max(max, value), sum + value);
    }

    /** The summary of this one's values and {@code other}'s. */
    public FieldSummary merge(FieldSummary other) {
        return new FieldSummary(count + other.count, Math.min(min, other.min), Math.max(max, other.max), sum + other.sum);
    }
}
