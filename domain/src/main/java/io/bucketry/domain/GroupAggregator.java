package io.bucketry.domain;

import java.time.Duration;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Accumulates the readings of many series into windows per group of tag values, each reading under
 * the group of the tags it was written with. Fed series by series, each series' readings in any order:
 * either in ascending id order ({@link #series}), or in any order ({@link #part}), each series' rank in id
 * order told at the end ({@link #result(int[])}), when the series are merged in that order. The merge is
 * exact and stated once here:
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
    private final GroupTable table = new GroupTable();
    private final SeriesParts parts = new SeriesParts();
    /** The group of each tags object seen: a store hands one object per series version. */
    private final Map<Tags, Integer> groupOfTags = new IdentityHashMap<>();
    /** Null before the first series; true when series come in id order ({@link #series}), false by rank ({@link #part}). */
    private Boolean idOrder;
    private SeriesId series;
    private Tags lastTags;
    private int lastGroup = -1;
    /** The group and start of the window {@link #reading} selected last in this series (group -1: none). */
    private int windowGroup = -1;
    private long windowStart;
    /** The field of each column of {@link #lastNames}, -1 where not known yet. */
    private FieldSchema lastNames;
    private int[] fieldOfColumn = new int[0];

    public GroupAggregator(GroupBy groupBy, Duration window) {
        this.groupBy = groupBy;
        this.width = WindowAggregator.requirePositiveMillis(window);
    }

    /** Starts the readings of {@code next}, whose id sorts after every series before it. */
    public void series(SeriesId next) {
        if (Boolean.FALSE.equals(idOrder)) {
            throw new IllegalStateException("series " + next + " in id order after series by rank");
        }
        if (series != null && next.compareTo(series) <= 0) {
            throw new IllegalArgumentException("series " + next + " comes after " + series + "; series go in id order");
        }
        idOrder = true;
        parts.mergeInto(table, null);   // the series before, at once: nothing waits for a series of a lower id
        start(next);
    }

    /**
     * Starts the readings of {@code next}, a series not started before, in any order of ids. Its windows are
     * merged into their groups by {@link #result(int[])}, in id order; {@link #windowCount} counts them at once.
     */
    public void part(SeriesId next) {
        if (Boolean.TRUE.equals(idOrder)) {
            throw new IllegalStateException("series " + next + " in any order after series in id order");
        }
        idOrder = false;
        start(next);
    }

    private void start(SeriesId next) {
        series = next;
        parts.begin(next, table.fieldCount());
        windowGroup = -1;
    }

    /** The tags the readings that follow ({@link #reading}) were written with. */
    public void tags(Tags tags) {
        if (tags != lastTags) {
            Integer group = groupOfTags.get(tags);
            if (group == null) {
                group = table.group(groupBy.groupOf(tags));
                groupOfTags.put(tags, group);
            }
            lastTags = tags;
            lastGroup = group;
        }
    }

    /** Counts a reading of the current series at {@code epochMilli}, written with the last {@link #tags}; its values follow. */
    public void reading(long epochMilli) {
        if (!parts.started() || lastGroup < 0) {
            throw new IllegalStateException("a reading at " + epochMilli + " before its series and its tags");
        }
        long start = Math.floorDiv(epochMilli, width) * width;
        if (start != windowStart || lastGroup != windowGroup) {
            parts.select(table.slot(lastGroup, start));
            windowGroup = lastGroup;
            windowStart = start;
        }
        parts.count(1);
    }

    /** Adds the number in {@code column} of {@code names} of the reading at {@code epochMilli} just counted by {@link #reading}. */
    public void value(FieldSchema names, int column, long epochMilli, double value) {
        if (names != lastNames) {
            mapColumns(names);
        }
        int field = fieldOfColumn[column];
        if (field < 0) {
            field = table.field(names.name(column));
            fieldOfColumn[column] = field;
        }
        int at = parts.cellsOf(field);
        FieldCells.add(parts.cells(), at, epochMilli, value);
    }

    /** Keeps the fields of the columns known when {@code names} names the same strings as the columns before. */
    private void mapColumns(FieldSchema names) {
        boolean same = lastNames != null && lastNames.size() == names.size();
        for (int i = 0; same && i < names.size(); i++) {
            same = names.name(i) == lastNames.name(i);
        }
        if (!same) {
            fieldOfColumn = new int[names.size()];
            Arrays.fill(fieldOfColumn, -1);
        }
        lastNames = names;
    }

    /** Adds a reading of the current series, written with {@code tags}, at {@code epochMilli}. */
    public void add(Tags tags, long epochMilli, Fields fields) {
        tags(tags);
        reading(epochMilli);
        FieldSchema names = fields.schema();
        for (int i = 0; i < names.size(); i++) {
            if (!fields.isText(i)) {
                value(names, i, epochMilli, fields.numberAt(i));
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
        for (TierSlice slice : window.slices()) {
            if (filter.matches(slice.tags())) {
                tags(slice.tags());
                select(start, slice.count());
                slice.fields().forEach((name, span) -> {
                    int at = parts.cellsOf(table.field(name));
                    FieldCells.merge(parts.cells(), at, span);
                });
            }
        }
    }

    /**
     * Adds the windows of the current series that {@code windows} accumulated (of this aggregator's window
     * size), all written with tags of one group: {@code tags}. Cheaper than its readings one by one, where
     * the series' store answers windows from summaries.
     */
    public void addWindows(Tags tags, WindowAggregator windows) {
        tags(tags);
        windows.forEachWindow((start, count, names, fields) -> {
            select(start, count);
            for (int i = 0; i < fields.length; i++) {
                if (fields[i] != null) {
                    int at = parts.cellsOf(table.field(names[i]));
                    fields[i].mergeInto(parts.cells(), at);
                }
            }
        });
    }

    /** Selects the current series' window of the last tags' group starting at {@code start} and counts {@code readings} in it. */
    private void select(long start, long readings) {
        if (!parts.started()) {
            throw new IllegalStateException("windows at " + start + " before their series");
        }
        parts.select(table.slot(lastGroup, start));
        parts.count(readings);
        windowGroup = -1;   // not the window reading() selected last
    }

    /** Adds every reading of {@code readings} (of one series, in time order, after {@link #series}). */
    public void addAll(List<Reading> readings) {
        for (Reading reading : readings) {
            add(reading.meta().tags(), reading.epochMilli(), reading.fields());
        }
    }

    /** The groups in {@link TagGroup} order, each with its windows in start order; the series came in id order. */
    public List<GroupWindows> result() {
        if (Boolean.FALSE.equals(idOrder)) {
            throw new IllegalStateException("series in any order need their ranks in id order");
        }
        parts.mergeInto(table, null);
        return table.result(width);
    }

    /**
     * As {@link #result()} for series started with {@link #part}: {@code ranks} holds, for each in the order
     * started, its place in id order among them (each its own; gaps allowed).
     */
    public List<GroupWindows> result(int[] ranks) {
        if (Boolean.TRUE.equals(idOrder)) {
            throw new IllegalStateException("series in id order need no ranks");
        }
        parts.mergeInto(table, ranks);
        return table.result(width);
    }

    /**
     * How many group windows there are so far (what a limit counts): every window of every group, those of the
     * series not merged yet included (a window a series shares with another is one window).
     */
    public long windowCount() {
        return table.slotCount();
    }
}
