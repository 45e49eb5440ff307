package io.bucketry.domain;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * The readings of one series in one window {@code [start, end)}, aligned to a multiple of the
 * window size since the epoch: how many there were and, per numeric field, its aggregate.
 *
 * @param fields per numeric field name, in name order
 */
public record WindowAggregate(SeriesId series, Instant start, Instant end, long count,
                              Map<String, FieldAggregate> fields) {

    public WindowAggregate {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        fields = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(fields));
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("window start " + start + " is not before its end " + end);
        }
        if (count < 1) {
            throw new IllegalArgumentException("an empty window is omitted, not aggregated");
        }
    }
}
