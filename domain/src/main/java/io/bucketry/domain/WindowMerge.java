package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges aggregates of disjoint parts of one window, given in time order, into the aggregate of
 * the whole: counts and sums add, min and max combine, first comes from the earliest part holding
 * the field and last from the latest. Exact, because the parts do not overlap in time.
 */
public final class WindowMerge {

    private WindowMerge() {
    }

    /** The aggregate over {@code [start, end)} of {@code parts}, which lie inside it in time order without overlapping. */
    public static WindowAggregate of(SeriesId series, Instant start, Instant end, List<WindowAggregate> parts) {
        long count = 0;
        Map<String, FieldAggregate> fields = new HashMap<>();
        for (WindowAggregate part : parts) {
            count += part.count();
            part.fields().forEach((name, later) -> fields.merge(name, later, WindowMerge::followedBy));
        }
        return new WindowAggregate(series, start, end, count, fields);
    }

    /** The aggregate of {@code earlier}'s values followed by {@code later}'s. */
    public static FieldAggregate followedBy(FieldAggregate earlier, FieldAggregate later) {
        return new FieldAggregate(earlier.count() + later.count(), Math.min(earlier.min(), later.min()),
                Math.max(earlier.max(), later.max()), earlier.sum() + later.sum(), earlier.first(), later.last());
    }

    /**
     * Windows of {@code window} made of {@code parts} (ordered by series, then start; each lying inside
     * one window of {@code window}), in the same order.
     */
    public static List<WindowAggregate> rollUp(List<WindowAggregate> parts, Duration window) {
        long millis = window.toMillis();
        List<WindowAggregate> result = new ArrayList<>();
        List<WindowAggregate> group = new ArrayList<>();
        SeriesId series = null;
        long start = 0;
        for (WindowAggregate part : parts) {
            long partStart = Math.floorDiv(part.start().toEpochMilli(), millis) * millis;
            if (!group.isEmpty() && (!part.series().equals(series) || partStart != start)) {
                result.add(close(series, start, millis, group));
            }
            series = part.series();
            start = partStart;
            group.add(part);
        }
        if (!group.isEmpty()) {
            result.add(close(series, start, millis, group));
        }
        return result;
    }

    private static WindowAggregate close(SeriesId series, long start, long millis, List<WindowAggregate> group) {
        WindowAggregate whole = group.size() == 1 && group.get(0).end().toEpochMilli() - start == millis
                && group.get(0).start().toEpochMilli() == start ? group.get(0)
                : of(series, Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + millis), group);
        group.clear();
        return whole;
    }
}
