package io.bucketry.server.influxql;

import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.AggregateGroupsUseCase;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The window aggregates of a statement's groups from one store call rather than one per series. The store's
 * tag-filtered calls cover every measurement (a {@link TagFilter} names no measurement), so the series the
 * filter keeps store-wide are listed first: grouped aggregates serve when no other series falls in a group
 * of the statement (its groups merged by the store, the others dropped); else the all-series aggregates,
 * whose windows name their series, serve when the windows of every kept series fit {@code maxWindows}.
 * Both cost what the kept series cost, so they serve only while those are at most twice the statement's
 * series; else, and where neither is exact within the limits, the caller reads series by series.
 */
final class StoreWideAggregates {

    private final SeriesDirectory directory;
    private final AggregateAllSeriesUseCase all;
    private final AggregateGroupsUseCase grouped;
    private final int maxWindows;

    StoreWideAggregates(SeriesDirectory directory, AggregateAllSeriesUseCase all, AggregateGroupsUseCase grouped,
                        int maxWindows) {
        this.directory = directory;
        this.all = all;
        this.grouped = grouped;
        this.maxWindows = maxWindows;
    }

    /**
     * Per group of {@code groups} (in order), the windows of width {@code window} over {@code span} to fold into
     * it, each series' in start order, series in id order; null when the caller should read series by series
     * (one series only, an unbounded span, more than twice as many series kept store-wide, too many windows). {@code groupsServed} false keeps to
     * the all-series aggregates (a store that keeps no tags).
     */
    List<List<WindowAggregate>> windows(TagFilter filter, List<Group> groups, Span span, long window,
                                        boolean groupsServed) {
        int selected = groups.stream().mapToInt(g -> g.series().size()).sum();
        if (selected < 2 || !span.bounded()) {
            return null;
        }
        // the store aggregates every series the filter keeps: worth one call while they are at most twice the statement's
        List<TaggedSeries> kept = directory.matching(filter, (int) Math.min(maxWindows, 2L * selected));
        if (kept == null) {
            return null;
        }
        long perSeries = Math.floorDiv(span.to() - 1, window) - Math.floorDiv(span.from(), window) + 1;
        Map<SeriesId, Integer> groupOf = new HashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            for (TaggedSeries series : groups.get(g).series()) {
                groupOf.put(series.id(), g);
            }
        }
        List<List<WindowAggregate>> answer = groupsServed && groups.get(0).tags() != null
                ? byGroups(filter, groups, kept, groupOf, span, window, perSeries) : null;
        if (answer != null || (long) kept.size() * perSeries > maxWindows) {
            return answer;
        }
        answer = empty(groups.size());
        for (WindowAggregate aggregate : all.aggregateAll(filter, span.fromInstant(), span.toInstant(),
                Duration.ofMillis(window), GapFill.none())) {
            Integer g = groupOf.get(aggregate.series());
            if (g != null) {
                answer.get(g).add(aggregate);
            }
        }
        return answer;
    }

    /** The groups' windows merged by the store, or null when another series would fall in one of them. */
    private List<List<WindowAggregate>> byGroups(TagFilter filter, List<Group> groups, List<TaggedSeries> kept,
                                                 Map<SeriesId, Integer> groupOf, Span span, long window, long perSeries) {
        List<String> keys = new ArrayList<>(groups.get(0).tags().keySet());
        if (keys.size() > GroupBy.MAX_KEYS || keys.stream().anyMatch(k -> Tags.keyProblem(k) != null)) {
            return null;
        }
        Map<List<String>, Integer> index = new HashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            index.put(new ArrayList<>(groups.get(g).tags().values()), g);
        }
        Set<List<String>> others = new HashSet<>();
        for (TaggedSeries series : kept) {
            List<String> values = keys.stream().map(series::tag).toList();
            boolean ours = groupOf.containsKey(series.id());
            if (!series.kept() || !ours && index.containsKey(values)) {
                return null;   // grouped by tags the store does not keep, or merged with a series not selected
            }
            if (!ours) {
                others.add(values);
            }
        }
        if ((index.size() + others.size()) * perSeries > maxWindows) {
            return null;
        }
        List<List<WindowAggregate>> answer = empty(groups.size());
        for (GroupWindows group : grouped.aggregateGroups(filter, new GroupBy(keys), span.fromInstant(), span.toInstant(),
                Duration.ofMillis(window), GapFill.none())) {
            List<String> values = group.group().values().stream().map(v -> v == null ? "" : v).toList();
            Integer g = index.get(values);
            if (g == null && !others.contains(values)) {
                return null;   // readings written with other tags than their series' latest: not one of the groups listed
            }
            if (g != null) {
                answer.get(g).addAll(group.windows());
            }
        }
        return answer;
    }

    private static List<List<WindowAggregate>> empty(int groups) {
        List<List<WindowAggregate>> lists = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }
}
