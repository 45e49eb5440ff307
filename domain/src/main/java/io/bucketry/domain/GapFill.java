package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How an aggregation fills the windows of a range that held no reading. With any mode but
 * {@link FillMode#NONE} every window aligned to the window size that overlaps the range is answered,
 * in time order; a window that held readings is answered as computed, an empty one is
 * {@link WindowAggregate#filled}: count 0 and, per numeric field it can fill, a
 * {@link FieldAggregate#filled} value. Each field is filled on its own, from its neighbours: the
 * nearest windows before and after that hold a value of it, looked for outside the range too.
 * {@link FillMode#PREVIOUS} gives a field the last value of its neighbour before (the value of the
 * last reading of it), {@link FillMode#LINEAR} the point at the window's start on the straight line
 * between the averages of its neighbours before and after, placed at their starts.
 *
 * <p>{@code maxGap} limits both: a field's outage is the time from the end of its neighbour before
 * to the start of its neighbour after (k empty windows make an outage of k windows); one longer
 * than maxGap is not filled at all, one of exactly maxGap is. When no later window holds the field,
 * the outage lasts until now. A null maxGap fills outages of any length.
 *
 * @param maxGap null for no limit; only with PREVIOUS and LINEAR
 */
public record GapFill(FillMode mode, Duration maxGap) {

    private static final GapFill NONE = new GapFill(FillMode.NONE, null);

    public GapFill {
        Objects.requireNonNull(mode, "mode");
        if (maxGap != null) {
            if (maxGap.isNegative()) {
                throw new IllegalArgumentException("maxGap " + DurationText.of(maxGap) + " is negative");
            }
            if (maxGap.getNano() % 1_000_000 != 0) {
                throw new IllegalArgumentException("maxGap " + DurationText.of(maxGap) + " is not a whole number of milliseconds");
            }
            if (mode == FillMode.NONE || mode == FillMode.NULL) {
                throw new IllegalArgumentException("maxGap " + DurationText.of(maxGap) + " has no effect with fill="
                        + mode.text() + "; it limits fill=previous and fill=linear");
            }
        }
    }

    /** Today's behaviour: empty windows are left out. */
    public static GapFill none() {
        return NONE;
    }

    /** True unless the mode is NONE. */
    public boolean fills() {
        return mode != FillMode.NONE;
    }

    /** True for the modes that take values from neighbouring windows (PREVIOUS, LINEAR). */
    public boolean usesNeighbours() {
        return mode == FillMode.PREVIOUS || mode == FillMode.LINEAR;
    }

    /** maxGap in milliseconds; Long.MAX_VALUE when there is no limit (or it is too large to count). */
    long maxGapMillis() {
        if (maxGap == null) {
            return Long.MAX_VALUE;
        }
        try {
            return maxGap.toMillis();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;   // longer than any outage a store can hold
        }
    }

    /**
     * A linear fill places its neighbours' averages at their windows' starts, so a window cut by the
     * range would be an average of part of it: refuses a given bound that is not a window boundary.
     */
    public void requireWholeWindows(Instant from, Instant to, Duration window) {
        long width = WindowAggregator.requirePositiveMillis(window);
        if (mode != FillMode.LINEAR) {
            return;
        }
        for (Instant bound : new Instant[] {from, to}) {
            if (bound != null && (bound.getNano() % 1_000_000 != 0 || Math.floorMod(bound.toEpochMilli(), width) != 0)) {
                Instant before = Instant.ofEpochMilli(Math.floorDiv(Reading.truncate(bound).toEpochMilli(), width) * width);
                throw new IllegalArgumentException("fill=linear needs from and to on window boundaries (multiples of "
                        + DurationText.of(window) + " since the epoch); " + (bound == from ? "from " : "to ") + bound
                        + " is not: use " + before + " or " + before.plusMillis(width));
            }
        }
    }

    /** How many aligned windows of {@code window} milliseconds overlap {@code range}: what a fill answers. */
    public static long windowCount(TimeRange range, long window) {
        return (gridEnd(range, window) - gridStart(range, window)) / window;
    }

    /** The start of the first aligned window overlapping {@code range}. */
    public static long gridStart(TimeRange range, long window) {
        return Math.floorDiv(range.fromMilli(), window) * window;
    }

    /** The end of the last aligned window overlapping {@code range}. */
    public static long gridEnd(TimeRange range, long window) {
        return Math.floorDiv(range.toMilli() - 1, window) * window + window;
    }

    /**
     * The earliest instant whose window can be a neighbour of a window in {@code range}, looking no
     * further back than a maxGap allows; null for no limit (back to the oldest kept reading).
     */
    public Instant lookBackFrom(TimeRange range, long window, Instant now) {
        long limit = maxGapMillis();
        if (limit == Long.MAX_VALUE) {
            return null;
        }
        long earliest = Math.min(gridStart(range, window), now.toEpochMilli());
        return Instant.ofEpochMilli(Math.max(Long.MIN_VALUE / 2, earliest - limit) - window);
    }

    /** The instant before which every neighbour after {@code range} lies that a maxGap allows; null for no limit. */
    public Instant lookAheadTo(TimeRange range, long window) {
        long limit = maxGapMillis();
        if (limit == Long.MAX_VALUE) {
            return null;
        }
        return Instant.ofEpochMilli(Math.min(Long.MAX_VALUE / 2, gridEnd(range, window) + limit) + window);
    }

    /**
     * The windows of one series over every aligned window overlapping {@code range}, empty ones
     * filled by this mode.
     *
     * @param known the series' windows in time order: those computed for the range, and (for PREVIOUS and
     *        LINEAR) those outside it that can be neighbours
     * @param now what "until now" means for an outage no later window ends
     */
    public List<WindowAggregate> apply(SeriesId series, TimeRange range, long window, List<WindowAggregate> known,
                                       Instant now) {
        return new GapFiller(this, series, window, known, now.toEpochMilli())
                .fill(gridStart(range, window), gridEnd(range, window));
    }
}
