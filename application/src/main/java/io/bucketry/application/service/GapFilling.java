package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagGroup;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
    List<WindowAggregate> ofSeries(SeriesId series, TagFilter filter, TimeRange range, Duration window, GapFill fill,
                                   List<WindowAggregate> windows, Instant now) {
        if (!fill.fills()) {
            return windows;
        }
        return flat(fill(Map.of(series, windows), range, window, fill, now,
                span -> bySeries(store.aggregate(series, filter, span, window, now)), key -> key));
    }

    /** The windows of every series over {@code range} (by series, then start), filled as of {@code now}. */
    List<WindowAggregate> ofAll(TagFilter filter, TimeRange range, Duration window, GapFill fill, List<WindowAggregate> windows,
                                Instant now) {
        if (!fill.fills()) {
            return windows;
        }
        return flat(fill(bySeries(windows), range, window, fill, now,
                span -> bySeries(store.aggregateAll(filter, span, window, maxWindows, now)), key -> key));
    }

    /** The windows of each group of {@code groups} over {@code range}, filled as of {@code now}, per group. */
    List<GroupWindows> ofGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window, GapFill fill,
                                List<GroupWindows> groups, Instant now) {
        if (!fill.fills()) {
            return groups;
        }
        Map<TagGroup, List<WindowAggregate>> byGroup = new TreeMap<>();
        Map<TagGroup, GroupWindows> found = new HashMap<>();
        for (GroupWindows group : groups) {
            byGroup.put(group.group(), group.windows());
            found.put(group.group(), group);
        }
        Map<TagGroup, List<WindowAggregate>> filled = fill(byGroup, range, window, fill, now,
                span -> byGroup(store.aggregateGroups(filter, groupBy, span, window, maxWindows, now)),
                group -> found.get(group).windows().get(0).series());
        List<GroupWindows> out = new ArrayList<>(groups.size());
        filled.forEach((group, windows) -> out.add(new GroupWindows(group, found.get(group).series(), windows)));
        return out;
    }

    private static List<WindowAggregate> flat(Map<?, List<WindowAggregate>> byKey) {
        List<WindowAggregate> flat = new ArrayList<>();
        byKey.values().forEach(flat::addAll);
        return flat;
    }

    private static Map<TagGroup, List<WindowAggregate>> byGroup(List<GroupWindows> groups) {
        Map<TagGroup, List<WindowAggregate>> byGroup = new HashMap<>();
        groups.forEach(group -> byGroup.put(group.group(), group.windows()));
        return byGroup;
    }

    /**
     * Fills the windows of each key (a series, a group) of {@code windows}, in key order, its neighbours found
     * by {@code neighbours} over a span, a filled window named by the series {@code label} gives its key.
     */
    private <K> Map<K, List<WindowAggregate>> fill(Map<K, List<WindowAggregate>> windows, TimeRange range, Duration window,
                                           GapFill fill, Instant now,
                                           Function<TimeRange, Map<K, List<WindowAggregate>>> neighbours,
                                           Function<K, SeriesId> label) {
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
        Map<K, List<WindowAggregate>> before = Map.of();
        Map<K, List<WindowAggregate>> after = Map.of();
        if (fill.usesNeighbours() && !windows.isEmpty()) {
            long gridStart = GapFill.gridStart(range, width);
            long gridEnd = GapFill.gridEnd(range, width);
            Instant lookBack = fill.lookBackFrom(range, width, now);
            before = read(neighbours, ranges.resolve(lookBack, Instant.ofEpochMilli(gridStart), now), fill, true);
            after = read(neighbours, ranges.resolve(Instant.ofEpochMilli(gridEnd), fill.lookAheadTo(range, width), now),
                    fill, false);
        }
        Map<K, List<WindowAggregate>> result = new LinkedHashMap<>();
        for (Map.Entry<K, List<WindowAggregate>> entry : windows.entrySet()) {
            K key = entry.getKey();
            List<WindowAggregate> known = new ArrayList<>(before.getOrDefault(key, List.of()));
            known.addAll(entry.getValue());
            known.addAll(after.getOrDefault(key, List.of()));
            result.put(key, fill.apply(label.apply(key), range, width, known, now));
        }
        return result;
    }

    /** The neighbour windows of {@code span} (null: none), by key; TOO_MANY_WINDOWS beyond maxWindows. */
    private <K> Map<K, List<WindowAggregate>> read(Function<TimeRange, Map<K, List<WindowAggregate>>> neighbours,
                                                   TimeRange span, GapFill fill, boolean before) {
        if (span == null) {
            return Map.of();
        }
        Map<K, List<WindowAggregate>> found = neighbours.apply(span);
        if (found.values().stream().mapToLong(List::size).sum() > maxWindows) {
            throw new InvalidRequestException("TOO_MANY_WINDOWS", "fill=" + fill.mode().text()
                    + " looks for the neighbours of empty windows in more than " + maxWindows + " windows "
                    + (before ? "before the range, back to " + span.from() : "after the range, up to " + span.to())
                    + "; at most " + maxWindows
                    + " are allowed: give maxGap to bound how far it looks, or widen the window");
        }
        return found;
    }

    private static Map<SeriesId, List<WindowAggregate>> bySeries(List<WindowAggregate> windows) {
        Map<SeriesId, List<WindowAggregate>> bySeries = new TreeMap<>();
        for (WindowAggregate window : windows) {
            bySeries.computeIfAbsent(window.series(), s -> new ArrayList<>()).add(window);
        }
        return bySeries;
    }
}
