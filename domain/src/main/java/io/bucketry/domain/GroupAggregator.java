package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Accumulates the readings of many series into windows per group of tag values, each reading under
 * the group of the tags it was written with. Fed series by series in ascending id order, each
 * series' readings in time order. The merge is exact and stated once here:
 * <ul>
 *   <li>counts add; min and max combine;</li>
 *   <li>a group window's sum adds, in series id order, each series' sum over that window (itself in
 *       time order), so that merging stored per-series windows gives the very same bits;</li>
 *   <li>first and last are by time; of readings at the same instant in different series, the first
 *       is the one of the smallest series id and the last the one of the largest (readings ordered by
 *       time, then series id).</li>
 * </ul>
 */
public final class GroupAggregator {

    private final GroupBy groupBy;
    private final long width;
    private final Map<TagGroup, Group> groups = new HashMap<>();
    /** The group of each tags object seen by {@link #addWindows}: a store hands one object per series version. */
    private final Map<Tags, Group> groupOfTags = new IdentityHashMap<>();
    /** The current series' windows, merged into {@link #groups} when the next series starts. */
    private final Map<Key, Window> current = new HashMap<>();
    /** How many windows {@link #groups} hold in all, so that counting them is not a walk over every group. */
    private long groupWindows;
    private SeriesId series;
    private Tags lastTags;
    private TagGroup lastGroup;

    public GroupAggregator(GroupBy groupBy, Duration window) {
        this.groupBy = groupBy;
        this.width = WindowAggregator.requirePositiveMillis(window);
    }

    /** Starts the readings of {@code next}, whose id sorts after every series before it. */
    public void series(SeriesId next) {
        if (series != null && next.compareTo(series) <= 0) {
            throw new IllegalArgumentException("series " + next + " comes after " + series + "; series go in id order");
        }
        flush();
        series = next;
    }

    /** Adds a reading of the current series, written with {@code tags}, at {@code epochMilli}. */
    public void add(Tags tags, long epochMilli, Fields fields) {
        if (tags != lastTags) {
            lastTags = tags;
            lastGroup = groupBy.groupOf(tags);
        }
        long start = Math.floorDiv(epochMilli, width) * width;
        Window window = current.computeIfAbsent(new Key(lastGroup, start), k -> new Window());
        window.count++;
        FieldSchema schema = fields.schema();
        for (int i = 0; i < schema.size(); i++) {
            if (!fields.isText(i)) {
                window.fields.computeIfAbsent(schema.name(i), n -> new FieldAccumulator()).add(epochMilli, fields.numberAt(i));
            }
        }
    }

    /**
     * Adds the slices of a rollup tier window (of this aggregator's window size or a divisor of it) whose tags
     * match {@code filter}, each in the group of its tags; starts the window's series when it is not the
     * current one. First and last come by the times the slices keep, so the merge is the one of the readings.
     */
    public void add(TierWindow window, TagFilter filter) {
        if (!window.series().equals(series)) {
            series(window.series());
        }
        long start = Math.floorDiv(window.start().toEpochMilli(), width) * width;
        boolean whole = window.slices().size() == 1 && window.end().toEpochMilli() - window.start().toEpochMilli() == width;
        for (TierSlice slice : window.slices()) {
            if (!filter.matches(slice.tags())) {
                continue;
            }
            if (slice.tags() != lastTags) {
                lastTags = slice.tags();
                lastGroup = groupBy.groupOf(lastTags);
            }
            if (whole) {
                // the series' only part of this group window: straight into the group, as its flush would merge it
                Group group = groups.computeIfAbsent(lastGroup, g -> new Group(series));
                count(group);
                Window total = windowOf(group, start);
                total.count += slice.count();
                slice.fields().forEach((name, span) -> total.fields.computeIfAbsent(name, n -> new FieldAccumulator())
                        .mergeLaterSeries(span));
                continue;
            }
            Window total = current.computeIfAbsent(new Key(lastGroup, start), k -> new Window());
            total.count += slice.count();
            slice.fields().forEach((name, span) -> total.fields.computeIfAbsent(name, n -> new FieldAccumulator()).merge(span));
        }
    }

    /** Counts the current series in {@code group}, once. */
    private void count(Group group) {
        if (group.counted != series) {
            group.counted = series;
            group.series++;
        }
    }

    /**
     * Adds the windows of the current series that {@code windows} accumulated (of this aggregator's window
     * size), all written with tags of one group: {@code tags}. Cheaper than its readings one by one, where
     * the series' store answers windows from summaries.
     */
    public void addWindows(Tags tags, WindowAggregator windows) {
        flush();   // the series' windows go straight to its one group
        Group group = groupOfTags.get(tags);
        if (group == null) {
            group = groups.computeIfAbsent(groupBy.groupOf(tags), g -> new Group(series));
            groupOfTags.put(tags, group);
        }
        count(group);
        Group into = group;
        windows.forEachWindow((start, count, names, fields) -> {
            Window total = windowOf(into, start);
            total.count += count;
            for (int i = 0; i < fields.length; i++) {
                if (fields[i] != null) {
                    merge(total, names[i], fields[i]);
                }
            }
        });
    }

    /** Merges one series' field of a window into its group's, the series after every one merged there before. */
    private static void merge(Window total, String name, FieldAccumulator acc) {
        total.fields.merge(name, acc, (sum, later) -> {
            sum.mergeLaterSeries(later);
            return sum;
        });
    }

    /** Adds every reading of {@code readings} (of one series, in time order, after {@link #series}). */
    public void addAll(List<Reading> readings) {
        for (Reading reading : readings) {
            add(reading.meta().tags(), reading.epochMilli(), reading.fields());
        }
    }

    /** The groups in {@link TagGroup} order, each with its windows in start order. */
    public List<GroupWindows> result() {
        flush();
        List<GroupWindows> result = new ArrayList<>(groups.size());
        new TreeMap<>(groups).forEach((tags, group) -> {
            List<WindowAggregate> windows = new ArrayList<>(group.windows.size());
            group.windows.forEach((start, window) -> windows.add(new WindowAggregate(group.first,
                    Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + width), window.count,
                    aggregates(window.fields))));
            result.add(new GroupWindows(tags, group.series, windows));
        });
        return result;
    }

    /**
     * How many group windows there are so far (what a limit counts): those the groups hold, and those of the
     * current series that no group holds yet (a window it shares with an earlier series is one window).
     */
    public long windowCount() {
        long fresh = 0;
        for (Key key : current.keySet()) {
            Group group = groups.get(key.group);
            if (group == null || !group.windows.containsKey(key.start)) {
                fresh++;
            }
        }
        return fresh + groupWindows;
    }

    /** The window of {@code group} starting at {@code start}, new and counted when it has none yet. */
    private Window windowOf(Group group, long start) {
        Window window = group.windows.get(start);
        if (window == null) {
            window = new Window();
            group.windows.put(start, window);
            groupWindows++;
        }
        return window;
    }

    private void flush() {
        if (current.isEmpty()) {
            return;
        }
        current.forEach((key, window) -> {
            Group group = groups.computeIfAbsent(key.group, g -> new Group(series));
            count(group);
            Window total = windowOf(group, key.start);
            total.count += window.count;
            window.fields.forEach((name, acc) -> merge(total, name, acc));
        });
        current.clear();
    }

    private static Map<String, FieldAggregate> aggregates(Map<String, FieldAccumulator> fields) {
        Map<String, FieldAggregate> aggregates = new HashMap<>();
        fields.forEach((name, acc) -> aggregates.put(name, acc.toAggregate()));
        return aggregates;
    }

    private record Key(TagGroup group, long start) {
    }

    private static final class Window {
        long count;
        final Map<String, FieldAccumulator> fields = new HashMap<>();
    }

    private static final class Group {
        final SeriesId first;
        int series;
        /** The series counted last in {@link #series}: series come one after another, each counted once per group. */
        SeriesId counted;
        final TreeMap<Long, Window> windows = new TreeMap<>();

        Group(SeriesId first) {
            this.first = first;
        }
    }
}
