package io.bucketry.server.transfer;

import io.bucketry.domain.SeriesId;

import java.time.Instant;

/**
 * What an export holds: one series, or every series whose id starts with {@code prefix}, with
 * times in {@code [from, to)}.
 *
 * @param series one series, or null for every series of the prefix
 * @param prefix null or empty: every series (ignored with one series)
 * @param from null: the oldest kept reading
 * @param to null: no end
 */
public record ExportSelection(SeriesId series, String prefix, Instant from, Instant to) {

    public static ExportSelection of(SeriesId series, Instant from, Instant to) {
        return new ExportSelection(series, null, from, to);
    }

    public static ExportSelection all(String prefix, Instant from, Instant to) {
        return new ExportSelection(null, prefix, from, to);
    }
}
