package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data points of one Grafana target, one window of the aggregate use cases each: of its series
 * ({@code series:field}), of every series whose readings match its tags ({@code *:field}, one data-point
 * series per series), or of each group of its {@code groupBy}. A target of many series keeps within its
 * share of {@code maxWindows} in all: when its series or groups times its windows would pass it, its
 * window is widened until they fit (refused only when even one window per series or group does not).
 */
final class GrafanaPoints {

    private final UseCases useCases;

    GrafanaPoints(UseCases useCases) {
        this.useCases = useCases;
    }

    /** The windows of one answered series: its name and its windows in start order. */
    private record Member(String name, List<WindowAggregate> windows) {
    }

    /**
     * The answered series of {@code target} over {@code [from, to)}: at most {@code points} data points each
     * (windows no shorter than {@code intervalMs}) and at most {@code share} windows in all.
     */
    List<Map<String, Object>> of(GrafanaTarget target, Instant from, Instant to, long points, long intervalMs, long share) {
        List<Member> members;
        if (target.series() != null) {
            Duration window = GrafanaWindow.choose(from, to, points, intervalMs);
            members = List.of(new Member(target.name(), useCases.aggregate().aggregate(target.series(), target.filter(),
                    from, to, window, GapFill.none())));
        } else {
            members = ofMany(target, from, to, points, intervalMs, share);
        }
        List<Map<String, Object>> answer = new ArrayList<>();
        for (Member member : members) {
            List<List<Object>> datapoints = datapoints(target, member.windows);
            if (!datapoints.isEmpty() || target.series() != null) {
                answer.add(series(member.name, datapoints));
            }
        }
        return answer.isEmpty() ? List.of(series(target.name(), List.of())) : answer;
    }

    private List<Member> ofMany(GrafanaTarget target, Instant from, Instant to, long points, long intervalMs, long share) {
        List<Member> members = tryMany(target, from, to, GrafanaWindow.choose(from, to, points, intervalMs));
        if (members != null && windows(members) <= share) {
            return members;
        }
        // how many series or groups: one window each (their number does not depend on the window)
        int count = members != null ? members.size()
                : many(target, from, to, GrafanaWindow.choose(from, to, 1, intervalMs)).size();
        long each = Math.min(points, share / Math.max(1, count));
        if (each < 1) {
            throw new InvalidRequestException("TOO_MANY_WINDOWS", "target " + target.name() + " answers " + count
                    + (target.groupBy() == null ? " series" : " groups") + ", more than its share of " + share
                    + " data points in this query; narrow its tags, group by fewer keys, or query fewer targets");
        }
        return many(target, from, to, GrafanaWindow.choose(from, to, each, intervalMs));
    }

    /** The members at {@code window}, or null when the use case refuses them as too many windows. */
    private List<Member> tryMany(GrafanaTarget target, Instant from, Instant to, Duration window) {
        try {
            return many(target, from, to, window);
        } catch (InvalidRequestException e) {
            if (!"TOO_MANY_WINDOWS".equals(e.code())) {
                throw e;
            }
            return null;
        }
    }

    private List<Member> many(GrafanaTarget target, Instant from, Instant to, Duration window) {
        List<Member> members = new ArrayList<>();
        if (target.groupBy() != null) {
            for (GroupWindows group : useCases.groups().aggregateGroups(target.filter(), target.groupBy(), from, to,
                    window, GapFill.none())) {
                members.add(new Member(target.name() + " " + group.group(), group.windows()));
            }
            return members;
        }
        Map<SeriesId, List<WindowAggregate>> bySeries = new LinkedHashMap<>();
        for (WindowAggregate w : useCases.aggregateAll().aggregateAll(target.filter(), from, to, window, GapFill.none())) {
            bySeries.computeIfAbsent(w.series(), s -> new ArrayList<>()).add(w);
        }
        bySeries.forEach((series, windows) -> members.add(new Member(target.nameOf(series.value()), windows)));
        return members;
    }

    private static long windows(List<Member> members) {
        return members.stream().mapToLong(m -> m.windows.size()).sum();
    }

    private static List<List<Object>> datapoints(GrafanaTarget target, List<WindowAggregate> windows) {
        List<List<Object>> datapoints = new ArrayList<>();
        for (WindowAggregate w : windows) {
            FieldAggregate field = w.fields().get(target.field());
            if (field != null) {
                datapoints.add(List.of(target.stat().of(field), w.start().toEpochMilli()));
            }
        }
        return datapoints;
    }

    private static Map<String, Object> series(String name, List<List<Object>> datapoints) {
        Map<String, Object> series = new LinkedHashMap<>();
        series.put("target", name);
        series.put("datapoints", datapoints);
        return series;
    }
}
