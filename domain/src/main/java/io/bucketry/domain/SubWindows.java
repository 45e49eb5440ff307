package io.bucketry.domain;

import java.time.Duration;
import java.util.Objects;

/**
 * The computed pattern (issue 14): each bucket of a {@link BucketPolicy.Windowed} policy keeps, per
 * aligned sub-window of {@link #width()} and per numeric field, a {@link FieldSpan}, updated on every
 * write, so that aggregates whose window is a multiple of the width read those summaries and never
 * the readings. Off ({@link #off()}) by default. Sub-windows are aligned to the epoch like buckets,
 * so a bucket's window holds exactly {@code bucketWidth / width} of them.
 */
public record SubWindows(Duration width) {

    private static final SubWindows OFF = new SubWindows(Duration.ZERO);

    public SubWindows {
        Objects.requireNonNull(width, "width");
        if (width.isNegative()) {
            throw new IllegalArgumentException("sub-window " + DurationText.of(width) + " must be positive");
        }
        if (!width.isZero()) {
            WindowAggregator.requirePositiveMillis(width);
        }
    }

    /** No sub-window summaries: the default. */
    public static SubWindows off() {
        return OFF;
    }

    /** Sub-window summaries every {@code width}. */
    public static SubWindows every(Duration width) {
        if (width == null || width.isZero()) {
            throw new IllegalArgumentException("sub-window " + DurationText.of(width) + " must be positive");
        }
        return new SubWindows(width);
    }

    public boolean isOn() {
        return !width.isZero();
    }

    public long widthMillis() {
        return width.toMillis();
    }

    /**
     * Checks that these sub-windows fit buckets of {@code bucketWidth}: a width smaller than the
     * bucket's that divides it, so every sub-window lies inside one bucket window.
     */
    void requireFit(Duration bucketWidth) {
        if (!isOn()) {
            return;
        }
        long bucket = bucketWidth.toMillis();
        long sub = widthMillis();
        if (sub >= bucket || bucket % sub != 0) {
            throw new IllegalArgumentException("sub-window " + DurationText.of(width) + " must be smaller than the bucket width "
                    + DurationText.of(bucketWidth) + " and divide it (e.g. 5m in 1h buckets)");
        }
    }

    /** How many sub-windows a bucket window of {@code bucketWidthMillis} holds. */
    public int perBucket(long bucketWidthMillis) {
        return Math.toIntExact(bucketWidthMillis / widthMillis());
    }

    /** The index, within the bucket window starting at {@code bucketStart}, of the sub-window holding {@code epochMilli}. */
    public int index(long bucketStart, long epochMilli) {
        return Math.toIntExact(Math.floorDiv(epochMilli - bucketStart, widthMillis()));
    }

    /** The start of sub-window {@code index} of the bucket window starting at {@code bucketStart}. */
    public long start(long bucketStart, int index) {
        return bucketStart + index * widthMillis();
    }

    /**
     * True when aggregates over windows of {@code window} can be served from these summaries: they
     * are on and {@code window} is a whole multiple of their width (both aligned to the epoch).
     */
    public boolean answers(Duration window) {
        return isOn() && !window.isNegative() && !window.isZero() && window.getNano() % 1_000_000 == 0
                && window.toMillis() % widthMillis() == 0;
    }

    @Override
    public String toString() {
        return isOn() ? DurationText.of(width) : "off";
    }
}
