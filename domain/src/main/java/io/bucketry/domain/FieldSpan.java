package io.bucketry.domain;

/**
 * One numeric field's summary over a span of time, with the times of its first and last value:
 * what a sub-window summary ({@link SubWindows}) keeps. Spans merge in any order (late readings
 * included), since first and last are chosen by time; on equal times the earlier-stored one stays,
 * as a reading's first stored value wins over a duplicate.
 */
public record FieldSpan(long count, double min, double max, double sum, long firstTime, double first,
                        long lastTime, double last) {

    public FieldSpan {
        if (count < 1) {
            throw new IllegalArgumentException("a field span needs at least one value, got count " + count);
        }
        if (firstTime > lastTime) {
            throw new IllegalArgumentException("a field span's first time " + firstTime + " is after its last " + lastTime);
        }
    }

    /** The span of one value at {@code epochMilli}. */
    public static FieldSpan of(long epochMilli, double value) {
        return new FieldSpan(1, value, value, value, epochMilli, value, epochMilli, value);
    }

    /** This span with one more value at {@code epochMilli}. */
    public FieldSpan plus(long epochMilli, double value) {
        return merge(of(epochMilli, value));
    }

    /** The span of this one's values and {@code other}'s. */
    public FieldSpan merge(FieldSpan other) {
        boolean otherFirst = other.firstTime < firstTime;
        boolean otherLast = other.lastTime > lastTime;
        return new FieldSpan(count + other.count, Math.min(min, other.min), Math.max(max, other.max), sum + other.sum,
                otherFirst ? other.firstTime : firstTime, otherFirst ? other.first : first,
                otherLast ? other.lastTime : lastTime, otherLast ? other.last : last);
    }

    /** The aggregate these values give (without their times). */
    public FieldAggregate toAggregate() {
        return new FieldAggregate(count, min, max, sum, first, last);
    }
}
