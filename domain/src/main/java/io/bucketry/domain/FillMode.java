package io.bucketry.domain;

import java.util.Locale;

/** How an aggregation answers windows that held no reading: see {@link GapFill}. */
public enum FillMode {
    /** Empty windows are left out (the default). */
    NONE,
    /** Every aligned window of the range is answered; empty ones with count 0 and no fields. */
    NULL,
    /** As {@link #NULL}, each field holding the last value it had before the window. */
    PREVIOUS,
    /** As {@link #NULL}, each field on the straight line between the averages of its neighbouring windows. */
    LINEAR;

    /** The mode as a request names it ({@code none}, {@code null}, {@code previous}, {@code linear}). */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode {@code text} names, in any case; an IllegalArgumentException listing the modes otherwise. */
    public static FillMode parse(String text) {
        for (FillMode mode : values()) {
            if (mode.text().equalsIgnoreCase(text == null ? "" : text.strip())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("fill " + Quote.of(String.valueOf(text))
                + " is not a fill mode; use none, null, previous or linear");
    }
}
