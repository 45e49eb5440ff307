package io.bucketry.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The groups of a {@link GroupAggregator} and their merged windows. Each window of a group is a
 * <em>slot</em>, numbered as it is first seen: its count in one array and, per field (numbered as
 * first seen too), its {@link FieldCells} in one array per field, so that merging a series' window
 * into its group touches arrays, not maps of objects.
 */
final class GroupTable {

    private final Map<TagGroup, Integer> byValues = new HashMap<>();
    private final List<Group> groups = new ArrayList<>();
    private final Map<String, Integer> fieldIndex = new HashMap<>();
    private final List<String> fieldNames = new ArrayList<>();
    private int slots;
    private long[] counts = new long[16];
    private int[] groupOfSlot = new int[16];
    /** Per field, its cells of every slot ({@link FieldCells#SIZE} per slot). */
    private long[][] cells = new long[0][];

    /** The index of the group of {@code values}, new when there is none yet. */
    int group(TagGroup values) {
        Integer index = byValues.get(values);
        if (index == null) {
            index = groups.size();
            groups.add(new Group(values));
            byValues.put(values, index);
        }
        return index;
    }

    /** The index of the field named {@code name}, new when there is none yet. */
    int field(String name) {
        Integer index = fieldIndex.get(name);
        if (index == null) {
            index = fieldNames.size();
            fieldNames.add(name);
            fieldIndex.put(name, index);
            cells = Arrays.copyOf(cells, index + 1);
            cells[index] = clearedCells(counts.length, 0);
        }
        return index;
    }

    int fieldCount() {
        return fieldNames.size();
    }

    /** How many windows the groups hold in all. */
    int slotCount() {
        return slots;
    }

    /** The slot of {@code group}'s window starting at {@code start}, new when it has none yet. */
    int slot(int group, long start) {
        Group g = groups.get(group);
        int at = g.find(start);
        if (at < g.size && g.starts[at] == start) {
            return g.slots[at];
        }
        if (slots == counts.length) {
            grow();
        }
        g.insert(at, start, slots);
        groupOfSlot[slots] = group;
        return slots++;
    }

    private void grow() {
        int capacity = 2 * counts.length;
        counts = Arrays.copyOf(counts, capacity);
        groupOfSlot = Arrays.copyOf(groupOfSlot, capacity);
        for (int f = 0; f < cells.length; f++) {
            long[] grown = clearedCells(capacity, counts.length / 2);
            System.arraycopy(cells[f], 0, grown, 0, cells[f].length);
            cells[f] = grown;
        }
    }

    private static long[] clearedCells(int slotCapacity, int from) {
        long[] fresh = new long[slotCapacity * FieldCells.SIZE];
        for (int slot = from; slot < slotCapacity; slot++) {
            FieldCells.clear(fresh, slot * FieldCells.SIZE);
        }
        return fresh;
    }

    /**
     * Merges a series' window into {@code slot}: {@code count} readings and, for each field below
     * {@code fieldCount}, the cells in {@code from} at {@code at} plus {@link FieldCells#SIZE} times its index,
     * where they hold a value. The series is {@code series}, the part {@code part} of it; its id sorts after
     * every series merged into this slot's group so far.
     */
    void mergeLaterSeries(int slot, long count, long[] from, int at, int fieldCount, int part, SeriesId series) {
        Group group = groups.get(groupOfSlot[slot]);
        if (group.countedPart != part) {
            group.countedPart = part;
            group.series++;
            if (group.first == null) {
                group.first = series;
            }
        }
        counts[slot] += count;
        for (int f = 0; f < fieldCount; f++) {
            int fieldAt = at + f * FieldCells.SIZE;
            if (FieldCells.count(from, fieldAt) > 0) {
                FieldCells.mergeLaterSeries(cells[f], slot * FieldCells.SIZE, from, fieldAt);
            }
        }
    }

    /** The groups that merged a series, in {@link TagGroup} order, each with its windows in start order. */
    List<GroupWindows> result(long width) {
        String[] sorted = fieldNames.toArray(new String[0]);
        Arrays.sort(sorted);
        int[] order = new int[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            order[i] = fieldIndex.get(sorted[i]);
        }
        List<Group> inOrder = new ArrayList<>(groups);
        inOrder.sort(Comparator.comparing(group -> group.values));
        List<GroupWindows> result = new ArrayList<>(inOrder.size());
        for (Group group : inOrder) {
            if (group.size == 0) {
                continue;   // made for a series with nothing in range: a group answers only what it merged
            }
            List<WindowAggregate> windows = new ArrayList<>(group.size);
            for (int i = 0; i < group.size; i++) {
                int slot = group.slots[i];
                windows.add(new WindowAggregate(group.first, Instant.ofEpochMilli(group.starts[i]),
                        Instant.ofEpochMilli(group.starts[i] + width), counts[slot], aggregates(slot, order, sorted)));
            }
            result.add(new GroupWindows(group.values, group.series, windows));
        }
        return result;
    }

    /** The fields of {@code slot} that hold a value, in name order ({@code order}: field indexes by name). */
    private FieldAggregates aggregates(int slot, int[] order, String[] sorted) {
        int at = slot * FieldCells.SIZE;
        int present = 0;
        for (long[] field : cells) {
            present += FieldCells.count(field, at) > 0 ? 1 : 0;
        }
        boolean all = present == sorted.length;
        String[] names = all ? sorted : new String[present];
        FieldAggregate[] values = new FieldAggregate[present];
        int next = 0;
        for (int i = 0; i < order.length; i++) {
            long[] field = cells[order[i]];
            if (FieldCells.count(field, at) > 0) {
                names[next] = sorted[i];
                values[next++] = FieldCells.toAggregate(field, at);
            }
        }
        return new FieldAggregates(names, values);
    }

    /** One group: its tag values, its series, and its windows' starts in order with their slots. */
    private static final class Group {
        final TagGroup values;
        /** The smallest id among its series: the first merged, as series are merged in id order. */
        SeriesId first;
        int series;
        /** The part counted last in {@link #series}: parts are merged one after another, each counted once. */
        int countedPart = -1;
        long[] starts = new long[4];
        int[] slots = new int[4];
        int size;

        Group(TagGroup values) {
            this.values = values;
        }

        /** Where {@code start} is or goes among the starts: mostly the end, as windows come in time order. */
        int find(long start) {
            if (size == 0 || starts[size - 1] < start) {
                return size;
            }
            int found = Arrays.binarySearch(starts, 0, size, start);
            return found >= 0 ? found : -found - 1;
        }

        void insert(int at, long start, int slot) {
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, 2 * size);
                slots = Arrays.copyOf(slots, 2 * size);
            }
            System.arraycopy(starts, at, starts, at + 1, size - at);
            System.arraycopy(slots, at, slots, at + 1, size - at);
            starts[at] = start;
            slots[at] = slot;
            size++;
        }
    }
}
