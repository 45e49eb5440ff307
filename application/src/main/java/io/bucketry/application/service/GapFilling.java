package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The gap-filling step of the aggregate services, run on the windows they computed: counts the
 * windows a fill answers against maxWindows, asks the store for the windows outside the range that
 * can be neighbours (those a maxGap allows, else back to the oldest kept reading and on to the
 * last one), and applies the domain's {@link GapFill}.
 */
final class GapFilling {

    private final WindowSource store;
    private final QueryRange ranges;
    private final int maxWindows;

    GapFilling(WindowSource store, QueryRange ranges, int maxWindows) {
        this.store = Objects.requireNonNull(store, "store");
        this.ranges = Objects.requireNonNull(ranges, "ranges");
        this.maxWindows = maxWindows;
    }

    /** Refuses, before anything is read, a fill the request's bounds do not allow: INVALID_FILL. */
    static void check(GapFill fill, Instant from, Instant to, Duration window) {
        Objects.requireNonNull(fill, "fill");
        try {
            fill.requireWholeWindows(from, to, window);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("INVALID_FILL", e.getMessage());
        }
    }

    /** The windows of one series over {@code range}, filled as of the request's instant {@code now}. */
    List<WindowAggregate> ofSeries(SeriesId series, TimeRange range, Duration window, GapFill fill,
                                   List<WindowAggregate> windows, Instant now) {
        if (!fill.fills()) {
            return windows;
        }
        return fill(Map.of(series, windows), range, window, fill, now,
                span -> store.aggregate(series, span, window, maxWindows, now));
    }

    /** The windows of every series over {@code range} (by series, then start), filled as of {@code now}. */
    List<WindowAggregate> ofAll(TimeRange range, Duration window, GapFill fill, List<WindowAggregate> windows,
                                Instant now) {
        if (!fill.fills()) {
            return windows;
        }
        return fill(bySeries(windows), range, window, fill, now,
                span -> store.aggregateAll(span, window, maxWindows, now));
    }

    private List<WindowAggregate> fill(Map<SeriesId, List<WindowAggregate>> windows, TimeRange range, Duration window,
                                       GapFill fill, Instant now,
                                       Function<TimeRange, List<WindowAggregate>> neighbours) {
        long width = window.toMillis();
        long perSeries = GapFill.windowCount(range, width);
        long total = perSeries > maxWindows ? perSeries : perSeries * windows.size();
        if (total > maxWindows) {
            throw QueryRange.tooManyWindows(total, maxWindows);
        }
        Instant oldest = ranges.oldestKept(now);
        // a range that reaches more than a window before the raw readings is one only rollup tiers answer: its
        // neighbours would be looked for among the raw readings alone, and a linear fill drawn towards the wrong
        // ones; refused rather than guessed
        if (fill.usesNeighbours() && range.fromMilli() < oldest.toEpochMilli() - width) {
            throw new InvalidRequestException("INVALID_FILL", "fill=" + fill.mode().name().toLowerCase(Locale.ROOT)
                    + " looks for neighbour values among the raw readings, kept since " + oldest + "; this range starts at "
                    + range.from() + ", which only the rollup tiers still answer: give a from at or after " + oldest
                    + ", or fill=null there");
        }
        Map<SeriesId, List<WindowAggregate>> before = Map.of();
        Map<SeriesId, List<WindowAggregate>> after = Map.of();
        if (fill.usesNeighbours() && !windows.isEmpty()) {
            long gridStart = GapFill.gridStart(range, width);
            long gridEnd = GapFill.gridEnd(range, width);
            Instant lookBack = fill.lookBackFrom(range, width, now);
            before = read(neighbours, ranges.resolve(lookBack, Instant.ofEpochMilli(gridStart), now), fill, true);
            after = read(neighbours, ranges.resolve(Instant.ofEpochMilli(gridEnd), fill.lookAheadTo(range, width), now),
                    fill, false);
        }
        List<WindowAggregate> result = new ArrayList<>((int) total);
        for (Map.Entry<SeriesId, List<WindowAggregate>> entry : windows.entrySet()) {
            SeriesId series = entry.getKey();
            List<WindowAggregate> known = new ArrayList<>(before.getOrDefault(series, List.of()));
            known.addAll(entry.getValue());
            known.addAll(after.getOrDefault(series, List.of()));
            result.addAll(fill.apply(series, range, width, known, now));
        }
        return result;
    }

    /** The neighbour windows of {@code span} (null: none), by series; TOO_MANY_WINDOWS beyond maxWindows. */
    private Map<SeriesId, List<WindowAggregate>> read(Function<TimeRange, List<WindowAggregate>> neighbours,
                                                      TimeRange span, GapFill fill, boolean before) {
        if (span == null) {
            return Map.of();
        }
        List<WindowAggregate> found = neighbours.apply(span);
        if (found.size() > maxWindows) {
            throw new InvalidRequestException("TOO_MANY_WINDOWS", "fill=" + fill.mode().text()
                    + " looks for the neighbours of empty windows in more than " + maxWindows + " windows "
                    + (before ? "before the range, back to " + span.from() : "after the range, up to " + span.to())
                    + "; at most " + maxWindows
                    + " are allowed: give maxGap to bound how far it looks, or widen the window");
        }
        return bySeries(found);
    }

    private static Map<SeriesId, List<WindowAggregate>> bySeries(List<WindowAggregate> windows) {
        Map<SeriesId, List<WindowAggregate>> bySeries = new TreeMap<>();
        for (WindowAggregate window : windows) {
            bySeries.computeIfAbsent(window.series(), s -> new ArrayList<>()).add(window);
        }
        return bySeries;
    }
}
