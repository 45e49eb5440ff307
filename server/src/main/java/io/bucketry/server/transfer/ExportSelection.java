package io.bucketry.server.transfer;

import io.bucketry.application.port.in.TimeBound;
import io.bucketry.domain.SeriesId;

/**
 * What an export holds: one series, or every series whose id starts with {@code prefix}, with
 * times in {@code [from, to)}.
 *
 * @param series one series, or null for every series of the prefix
 * @param prefix null or empty: every series (ignored with one series)
 * @param from null: the oldest kept reading; relative bounds are resolved as each series is read
 * @param to null: no end
 */
public record ExportSelection(SeriesId series, String prefix, TimeBound from, TimeBound to) {

    public static ExportSelection of(SeriesId series, TimeBound from, TimeBound to) {
        return new ExportSelection(series, null, from, to);
    }

    public static ExportSelection all(String prefix, TimeBound from, TimeBound to) {
        return new ExportSelection(null, prefix, from, to);
    }
}
