package io.bucketry.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Applies a {@link GapFill} to the windows of one series: the neighbours of each field, window by window. */
final class GapFiller {

    private final GapFill fill;
    private final SeriesId series;
    private final long width;
    private final long now;
    private final Map<Long, WindowAggregate> byStart = new HashMap<>();
    private final Map<String, Neighbours> fields = new TreeMap<>();

    GapFiller(GapFill fill, SeriesId series, long width, List<WindowAggregate> known, long now) {
        this.fill = fill;
        this.series = series;
        this.width = width;
        this.now = now;
        List<WindowAggregate> inOrder = new ArrayList<>(known);
        inOrder.sort(Comparator.comparing(WindowAggregate::start));
        for (WindowAggregate window : inOrder) {
            byStart.put(window.start().toEpochMilli(), window);
            window.fields().forEach((name, aggregate) -> fields.computeIfAbsent(name, n -> new Neighbours())
                    .add(window.start().toEpochMilli(), aggregate));
        }
    }

    /** The windows starting at {@code first}, {@code first + width}, … before {@code end}. */
    List<WindowAggregate> fill(long first, long end) {
        List<WindowAggregate> result = new ArrayList<>();
        for (long start = first; start < end; start += width) {
            WindowAggregate known = byStart.get(start);
            if (known != null) {
                result.add(known);
            } else if (fill.fills()) {
                result.add(filled(start));
            }
        }
        return result;
    }

    private WindowAggregate filled(long start) {
        Map<String, FieldAggregate> values = new TreeMap<>();
        if (fill.usesNeighbours()) {
            fields.forEach((name, neighbours) -> {
                neighbours.moveTo(start);
                Double value = fill.mode() == FillMode.PREVIOUS ? previous(neighbours) : linear(start, neighbours);
                if (value != null) {
                    values.put(name, FieldAggregate.filled(value));
                }
            });
        }
        return WindowAggregate.filled(series, Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + width), values);
    }

    private Double previous(Neighbours n) {
        if (n.before < 0) {
            return null;
        }
        long outageEnd = n.after < n.starts.size() ? n.starts.get(n.after) : now;
        return within(n.starts.get(n.before), outageEnd) ? n.aggregates.get(n.before).last() : null;
    }

    private Double linear(long start, Neighbours n) {
        if (n.before < 0 || n.after >= n.starts.size()) {
            return null;
        }
        long left = n.starts.get(n.before);
        long right = n.starts.get(n.after);
        if (!within(left, right)) {
            return null;
        }
        double from = n.aggregates.get(n.before).avg();
        double to = n.aggregates.get(n.after).avg();
        return from + (to - from) * ((double) (start - left) / (right - left));
    }

    /** Whether the outage from the end of the window at {@code before} to {@code outageEnd} is at most maxGap. */
    private boolean within(long before, long outageEnd) {
        long limit = fill.maxGapMillis();
        return limit == Long.MAX_VALUE || outageEnd - (before + width) <= limit;
    }

    /** The windows holding one field, in time order, and where a window being filled lies among them. */
    private static final class Neighbours {
        private final List<Long> starts = new ArrayList<>();
        private final List<FieldAggregate> aggregates = new ArrayList<>();
        private int before = -1;
        private int after;

        void add(long start, FieldAggregate aggregate) {
            starts.add(start);
            aggregates.add(aggregate);
        }

        /** Moves to an empty window at {@code start}, later than the last one moved to. */
        void moveTo(long start) {
            while (after < starts.size() && starts.get(after) < start) {
                before = after;
                after++;
            }
        }
    }
}
