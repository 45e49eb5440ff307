package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static io.bucketry.domain.FlatSlices.FIRST;
import static io.bucketry.domain.FlatSlices.FIRST_TIME;
import static io.bucketry.domain.FlatSlices.LAST;
import static io.bucketry.domain.FlatSlices.LAST_TIME;
import static io.bucketry.domain.FlatSlices.MAX;
import static io.bucketry.domain.FlatSlices.MIN;
import static io.bucketry.domain.FlatSlices.SUM;
import static io.bucketry.domain.FlatSlices.real;

/**
 * Grouped aggregates from rollup tier slices handed flat ({@link TierSliceSink}): each slice whose tags match the
 * filter goes to the group of its tags, in the window of this aggregator's size (a whole multiple of the tier's)
 * holding it. The merge is {@link GroupAggregator}'s, bit for bit: counts add, min and max combine, a group window's
 * sum adds each series' own sum over the window (its slices in time order) in series id order, first and last go
 * by time, the smallest series id first and the largest last among equal times. Everything accumulates in arrays
 * indexed by group window and field, resolved once per tags object and per schema object: nothing is allocated per
 * slice. Stops the read once the group windows are more than {@code maxWindows} (the answer is refused then).
 */
public final class TierGroups implements TierSliceSink {

    private static final int NO_GROUP = -1;
    private static final int MAX_TAGS_KEPT = 1 << 16;

    private final GroupBy groupBy;
    private final TagFilter filter;
    private final long width;
    private final long maxWindows;

    /** The group of each tags object seen ({@link #NO_GROUP}: the filter drops it): a store hands few distinct ones. */
    private final Map<Tags, Integer> groupOfTags = new IdentityHashMap<>();
    private Tags lastTags;
    private int lastGroup;
    private final Map<TagGroup, Integer> groupIds = new HashMap<>();
    private final List<TagGroup> groups = new ArrayList<>();
    private final List<SeriesId> firstSeries = new ArrayList<>();
    private int[] seriesIn = new int[16];
    private int[] countedSeries = new int[16];

    /** Field names in the order first seen; each schema object maps its positions to theirs once. */
    private final Map<String, Integer> fieldIds = new HashMap<>();
    private final List<String> fieldNames = new ArrayList<>();
    private FieldSchema lastSchema;
    private int[] lastFields;
    private FieldCells[] fields = new FieldCells[0];

    private final Cells cells = new Cells();
    private long[] cellCount = new long[16];
    /** Per group window, the series whose sums are still apart ({@link FieldCells#open}), to be added when another comes. */
    private int[] cellOpen = new int[16];

    private SeriesId series;
    private int seriesOrdinal;

    public TierGroups(GroupBy groupBy, TagFilter filter, Duration window, long maxWindows) {
        this.groupBy = groupBy;
        this.filter = filter;
        this.width = WindowAggregator.requirePositiveMillis(window);
        this.maxWindows = maxWindows;
    }

    /** Starts the slices of {@code next}, whose id sorts after the one before (not checked here: the store's order). */
    @Override
    public void series(SeriesId next) {
        series = next;
        seriesOrdinal++;
    }

    @Override
    public boolean slice(long start, long end, Tags tags, FieldSchema schema, long[] values, int at) {
        int group = groupOf(tags);
        if (group == NO_GROUP) {
            return true;
        }
        if (countedSeries[group] != seriesOrdinal) {
            countedSeries[group] = seriesOrdinal;
            seriesIn[group]++;
        }
        int cell = cells.cellOf(group, Math.floorDiv(start, width) * width);
        if (cell == cellCount.length) {
            grow();
        }
        if (cellOpen[cell] != seriesOrdinal) {
            for (FieldCells field : fields) {
                field.close(cell);
            }
            cellOpen[cell] = seriesOrdinal;
        }
        cellCount[cell] += values[at];
        int[] ids = schema == lastSchema ? lastFields : fieldsOf(schema);
        for (int i = 0; i < ids.length; i++) {
            int f = FlatSlices.field(at, i);
            if (values[f] > 0) {
                fields[ids[i]].add(cell, values, f);
            }
        }
        return cells.size() <= maxWindows;
    }

    private int groupOf(Tags tags) {
        if (tags == lastTags) {
            return lastGroup;
        }
        Integer known = groupOfTags.get(tags);
        int group = known != null ? known : newTags(tags);
        lastTags = tags;
        lastGroup = group;
        return group;
    }

    private int newTags(Tags tags) {
        int group = NO_GROUP;
        if (filter.matches(tags)) {
            TagGroup values = groupBy.groupOf(tags);
            Integer id = groupIds.get(values);
            if (id == null) {
                id = groups.size();
                groupIds.put(values, id);
                groups.add(values);
                firstSeries.add(series);
                if (id == seriesIn.length) {
                    seriesIn = Arrays.copyOf(seriesIn, id * 2);
                    countedSeries = Arrays.copyOf(countedSeries, id * 2);
                }
            }
            group = id;
        }
        if (groupOfTags.size() == MAX_TAGS_KEPT) {
            groupOfTags.clear();   // a store that hands a new tags object per slice gains nothing here: bound the memory
        }
        groupOfTags.put(tags, group);
        return group;
    }

    /** The positions of {@code schema}'s fields here, new ones added; a store hands one schema object for many slices. */
    private int[] fieldsOf(FieldSchema schema) {
        int[] ids = new int[schema.size()];
        for (int i = 0; i < ids.length; i++) {
            Integer id = fieldIds.get(schema.name(i));
            if (id == null) {
                id = fieldNames.size();
                fieldIds.put(schema.name(i), id);
                fieldNames.add(schema.name(i));
                fields = Arrays.copyOf(fields, id + 1);
                fields[id] = new FieldCells(cellCount.length);
            }
            ids[i] = id;
        }
        lastSchema = schema;
        lastFields = ids;
        return ids;
    }

    private void grow() {
        int capacity = cellCount.length * 2;
        cellCount = Arrays.copyOf(cellCount, capacity);
        cellOpen = Arrays.copyOf(cellOpen, capacity);
        for (FieldCells field : fields) {
            field.grow(capacity);
        }
    }

    /** How many group windows hold something so far (what {@code maxWindows} counts). */
    public long windowCount() {
        return cells.size();
    }

    /** The groups in {@link TagGroup} order, each with its windows in start order. */
    public List<GroupWindows> result() {
        int size = cells.size();
        List<List<Integer>> windowsOf = new ArrayList<>(groups.size());
        groups.forEach(group -> windowsOf.add(new ArrayList<>()));
        for (int cell = 0; cell < size; cell++) {
            windowsOf.get(cells.group(cell)).add(cell);
            for (FieldCells field : fields) {
                field.close(cell);
            }
        }
        Integer[] order = new Integer[groups.size()];
        Arrays.setAll(order, g -> g);
        Arrays.sort(order, (a, b) -> groups.get(a).compareTo(groups.get(b)));
        List<GroupWindows> result = new ArrayList<>(order.length);
        for (int g : order) {
            List<Integer> in = windowsOf.get(g);
            in.sort((a, b) -> Long.compare(cells.start(a), cells.start(b)));
            List<WindowAggregate> windows = new ArrayList<>(in.size());
            for (int cell : in) {
                Map<String, FieldAggregate> aggregates = new HashMap<>();
                for (int f = 0; f < fields.length; f++) {
                    if (fields[f].count[cell] > 0) {
                        aggregates.put(fieldNames.get(f), fields[f].aggregate(cell));
                    }
                }
                long start = cells.start(cell);
                windows.add(new WindowAggregate(firstSeries.get(g), Instant.ofEpochMilli(start),
                        Instant.ofEpochMilli(start + width), cellCount[cell], aggregates));
            }
            result.add(new GroupWindows(groups.get(g), seriesIn[g], windows));
        }
        return result;
    }

    /** One field's accumulations, by group window. */
    private static final class FieldCells {
        long[] count;
        double[] min;
        double[] max;
        double[] sum;
        /** The sum of the series whose slices the window takes now, added to {@link #sum} when the next series comes. */
        double[] open;
        long[] firstTime;
        double[] first;
        long[] lastTime;
        double[] last;

        FieldCells(int capacity) {
            count = new long[0];
            min = new double[0];
            max = new double[0];
            sum = new double[0];
            open = new double[0];
            firstTime = new long[0];
            first = new double[0];
            lastTime = new long[0];
            last = new double[0];
            grow(capacity);
        }

        void grow(int capacity) {
            int from = count.length;
            count = Arrays.copyOf(count, capacity);
            min = Arrays.copyOf(min, capacity);
            max = Arrays.copyOf(max, capacity);
            sum = Arrays.copyOf(sum, capacity);
            open = Arrays.copyOf(open, capacity);
            firstTime = Arrays.copyOf(firstTime, capacity);
            first = Arrays.copyOf(first, capacity);
            lastTime = Arrays.copyOf(lastTime, capacity);
            last = Arrays.copyOf(last, capacity);
            Arrays.fill(min, from, capacity, Double.POSITIVE_INFINITY);
            Arrays.fill(max, from, capacity, Double.NEGATIVE_INFINITY);
            Arrays.fill(firstTime, from, capacity, Long.MAX_VALUE);
            Arrays.fill(lastTime, from, capacity, Long.MIN_VALUE);
        }

        /** Adds the field of a slice at {@code f} to {@code cell}: the current series' sum apart, its first strictly earlier, its last at or after. */
        void add(int cell, long[] values, int f) {
            count[cell] += values[f];
            min[cell] = Math.min(min[cell], real(values, f + MIN));
            max[cell] = Math.max(max[cell], real(values, f + MAX));
            open[cell] += real(values, f + SUM);
            if (values[f + FIRST_TIME] < firstTime[cell]) {
                firstTime[cell] = values[f + FIRST_TIME];
                first[cell] = real(values, f + FIRST);
            }
            if (values[f + LAST_TIME] >= lastTime[cell]) {
                lastTime[cell] = values[f + LAST_TIME];
                last[cell] = real(values, f + LAST);
            }
        }

        /** Adds the sum of the series the window took last to the window's. */
        void close(int cell) {
            sum[cell] += open[cell];
            open[cell] = 0;
        }

        FieldAggregate aggregate(int cell) {
            return new FieldAggregate(count[cell], min[cell], max[cell], sum[cell], first[cell], last[cell]);
        }
    }

    /** Group windows by (group, start), numbered in the order they come: an open-addressing table without a key object. */
    private static final class Cells {
        private int[] slots = new int[64];   // cell + 1; 0 is free
        private int[] groups = new int[16];
        private long[] starts = new long[16];
        private int size;

        int size() {
            return size;
        }

        int group(int cell) {
            return groups[cell];
        }

        long start(int cell) {
            return starts[cell];
        }

        /** The cell of {@code group}'s window at {@code start}, numbered {@link #size()} when new. */
        int cellOf(int group, long start) {
            int mask = slots.length - 1;
            for (int i = hash(group, start) & mask; ; i = (i + 1) & mask) {
                int cell = slots[i] - 1;
                if (cell < 0) {
                    return add(i, group, start);
                }
                if (groups[cell] == group && starts[cell] == start) {
                    return cell;
                }
            }
        }

        private int add(int slot, int group, long start) {
            if (size == groups.length) {
                groups = Arrays.copyOf(groups, size * 2);
                starts = Arrays.copyOf(starts, size * 2);
            }
            groups[size] = group;
            starts[size] = start;
            slots[slot] = ++size;
            if (size * 2 > slots.length) {
                rehash();
            }
            return size - 1;
        }

        private void rehash() {
            slots = new int[slots.length * 2];
            int mask = slots.length - 1;
            for (int cell = 0; cell < size; cell++) {
                int i = hash(groups[cell], starts[cell]) & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = cell + 1;
            }
        }

        private static int hash(int group, long start) {
            long h = (start * 0x9E3779B97F4A7C15L) ^ (group * 0xC2B2AE3D27D4EB4FL);
            return (int) (h ^ (h >>> 29));
        }
    }
}
