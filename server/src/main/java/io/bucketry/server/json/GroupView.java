package io.bucketry.server.json;

import io.bucketry.domain.GroupWindows;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The windows of one group as JSON: {@code {"group": {key: value | null}, "series": n, "windows": [...]}}, a key
 * the group's series lack as null; its windows as {@link WindowView}s without a series.
 */
public record GroupView(Map<String, String> group, int series, List<WindowView> windows) {

    /** {@code group} with the statistics {@code stats} of its windows' fields. */
    public static GroupView of(GroupWindows group, Set<Statistic> stats) {
        return new GroupView(group.group().asMap(), group.series(),
                group.windows().stream().map(window -> WindowView.of(window, stats).withoutSeries()).toList());
    }
}
