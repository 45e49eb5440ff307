package io.bucketry.domain;

import java.util.List;
import java.util.Objects;

/**
 * The windows of one group of grouped aggregates: each merges exactly the windows of the group's
 * series ({@link GroupAggregator} states how), in start order.
 *
 * @param group the group's tag values
 * @param series how many series had readings in the group (over the whole range asked for)
 * @param windows in start order; each names the group's smallest series id as its series, a stable key
 *        for the group within one answer
 */
public record GroupWindows(TagGroup group, int series, List<WindowAggregate> windows) {

    public GroupWindows {
        Objects.requireNonNull(group, "group");
        windows = List.copyOf(windows);
        if (series < 1) {
            throw new IllegalArgumentException("group " + group + " merges " + series + " series; a group has at least one");
        }
    }
}
