package io.bucketry.application.port.out;

import java.util.Objects;

/**
 * Which series a query over many series covers: those whose id starts with {@code prefix} (empty:
 * every series), a range of ids, never a pattern. A tag filter joins it here once series carry tags.
 */
public record SeriesSelection(String prefix) {

    public SeriesSelection {
        Objects.requireNonNull(prefix, "prefix");
    }
}
