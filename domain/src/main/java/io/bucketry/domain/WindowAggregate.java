package io.bucketry.domain;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * The readings of one series in one window {@code [start, end)}, aligned to a multiple of the
 * window size since the epoch: how many there were and, per numeric field, its aggregate.
 *
 * @param fields per numeric field name, in name order (unmodifiable)
 * @param filled true for a window that held no reading and was added by a {@link GapFill}: its count
 *        is 0 and its fields hold {@link FieldAggregate#filled filled values}
 */
public record WindowAggregate(SeriesId series, Instant start, Instant end, long count,
                              Map<String, FieldAggregate> fields, boolean filled) {

    public WindowAggregate {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        fields = FieldAggregates.of(fields);
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("window start " + start + " is not before its end " + end);
        }
        if (filled && count != 0) {
            throw new IllegalArgumentException("a filled window holds no reading, got count " + count);
        }
        if (!filled && count < 1) {
            throw new IllegalArgumentException("an empty window is omitted, not aggregated");
        }
    }

    /** A window of the readings it aggregates (not filled). */
    public WindowAggregate(SeriesId series, Instant start, Instant end, long count, Map<String, FieldAggregate> fields) {
        this(series, start, end, count, fields, false);
    }

    /** An empty window added by gap filling, with the filled value of each field it could fill. */
    public static WindowAggregate filled(SeriesId series, Instant start, Instant end, Map<String, FieldAggregate> fields) {
        return new WindowAggregate(series, start, end, 0, fields, true);
    }
}
