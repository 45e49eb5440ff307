package io.bucketry.tools.simulate;

import io.bucketry.domain.DurationText;

import java.time.Duration;

/**
 * What {@code simulate} generates (seed 002's case study): {@code sensors} each sending one reading
 * every {@code interval} for {@code duration}, with a share of late readings (re-inserted later in
 * the stream) and of duplicates (resubmitted later), ingested in batches of {@code batchSize}; with
 * {@code tags}, each sensor's readings carry its tags ({@link SensorTags}).
 */
public record Scenario(int sensors, Duration interval, Duration duration, double lateShare, double duplicateShare,
                       int batchSize, boolean tags) {

    /** Late readings and duplicates arrive between 1 and this many intervals after their time. */
    public static final int MAX_DELAY_TICKS = 10;

    public Scenario {
        if (sensors < 1) {
            throw new IllegalArgumentException("--sensors " + sensors + " must be at least 1");
        }
        if (interval.isNegative() || interval.isZero() || interval.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("--interval " + DurationText.of(interval) + " must be a positive whole number of milliseconds");
        }
        if (duration.compareTo(interval) < 0) {
            throw new IllegalArgumentException("--duration " + DurationText.of(duration) + " must be at least one --interval (" + DurationText.of(interval) + ")");
        }
        requireShare("--late-share", lateShare);
        requireShare("--duplicate-share", duplicateShare);
        if (batchSize < 1) {
            throw new IllegalArgumentException("--batch-size " + batchSize + " must be at least 1");
        }
        if ((double) sensors * (duration.toMillis() / interval.toMillis()) > Long.MAX_VALUE / 4) {
            throw new IllegalArgumentException("the scenario has too many readings to count");
        }
    }

    /** A scenario whose sensors have no tags. */
    public Scenario(int sensors, Duration interval, Duration duration, double lateShare, double duplicateShare,
                    int batchSize) {
        this(sensors, interval, duration, lateShare, duplicateShare, batchSize, false);
    }

    private static void requireShare(String flag, double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException(flag + " " + share + " must be between 0 and 1");
        }
    }

    /** Readings per sensor: one per interval that fits in the duration. */
    public long ticks() {
        return duration.toMillis() / interval.toMillis();
    }

    /** Readings submitted, duplicates included (an estimate: duplicates are drawn at random). */
    public long submissions() {
        return Math.round(readings() * (1 + duplicateShare));
    }

    /** Distinct readings (series, time) the scenario produces, duplicates not counted. */
    public long readings() {
        return sensors * ticks();
    }
}
