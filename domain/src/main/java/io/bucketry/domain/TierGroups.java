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
    private FieldRuns[] fields = new FieldRuns[0];

    private final Cells cells = new Cells();
    /** How many group windows {@link #fields} have room for. */
    private int capacity = 16;

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
        if (cell == capacity) {
            grow();
        }
        if (cells.open(cell, seriesOrdinal)) {
            for (FieldRuns field : fields) {
                field.close(cell);
            }
        }
        cells.count(cell, values[at]);
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
                fields[id] = new FieldRuns(capacity);
            }
            ids[i] = id;
        }
        lastSchema = schema;
        lastFields = ids;
        return ids;
    }

    private void grow() {
        capacity *= 2;
        for (FieldRuns field : fields) {
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
            for (FieldRuns field : fields) {
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
                    if (fields[f].count(cell) > 0) {
                        aggregates.put(fieldNames.get(f), fields[f].aggregate(cell));
                    }
                }
                long start = cells.start(cell);
                windows.add(new WindowAggregate(firstSeries.get(g), Instant.ofEpochMilli(start),
                        Instant.ofEpochMilli(start + width), cells.count(cell), aggregates));
            }
            result.add(new GroupWindows(groups.get(g), seriesIn[g], windows));
        }
        return result;
    }

    /**
     * One field's accumulations, by group window: each window's laid out as a flat slice's field ({@link FlatSlices}:
     * count, min, max, sum, first time, first, last time, last) and then the open sum, side by side in one array, so
     * that a slice updates a line or two where nine arrays cost a cache miss each.
     */
    private static final class FieldRuns {
        private static final int OPEN = FlatSlices.PER_FIELD;
        private static final int STRIDE = OPEN + 1;
        private static final long INFINITY = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
        private static final long MINUS_INFINITY = Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY);

        private long[] cells = new long[0];

        FieldRuns(int capacity) {
            grow(capacity);
        }

        void grow(int capacity) {
            int from = cells.length / STRIDE;
            cells = Arrays.copyOf(cells, capacity * STRIDE);
            for (int at = from * STRIDE; at < cells.length; at += STRIDE) {
                cells[at + MIN] = INFINITY;
                cells[at + MAX] = MINUS_INFINITY;
                cells[at + FIRST_TIME] = Long.MAX_VALUE;
                cells[at + LAST_TIME] = Long.MIN_VALUE;
            }
        }

        long count(int cell) {
            return cells[cell * STRIDE];
        }

        /** Adds the field of a slice at {@code f} to {@code cell}: the current series' sum apart, its first strictly earlier, its last at or after. */
        void add(int cell, long[] values, int f) {
            int at = cell * STRIDE;
            long[] into = cells;
            into[at] += values[f];
            into[at + MIN] = bits(Math.min(real(into, at + MIN), real(values, f + MIN)));
            into[at + MAX] = bits(Math.max(real(into, at + MAX), real(values, f + MAX)));
            into[at + OPEN] = bits(real(into, at + OPEN) + real(values, f + SUM));
            if (values[f + FIRST_TIME] < into[at + FIRST_TIME]) {
                into[at + FIRST_TIME] = values[f + FIRST_TIME];
                into[at + FIRST] = values[f + FIRST];
            }
            if (values[f + LAST_TIME] >= into[at + LAST_TIME]) {
                into[at + LAST_TIME] = values[f + LAST_TIME];
                into[at + LAST] = values[f + LAST];
            }
        }

        /** Adds the sum of the series the window took last to the window's. */
        void close(int cell) {
            int at = cell * STRIDE;
            cells[at + SUM] = bits(real(cells, at + SUM) + real(cells, at + OPEN));
            cells[at + OPEN] = 0;
        }

        FieldAggregate aggregate(int cell) {
            int at = cell * STRIDE;
            return new FieldAggregate(cells[at], real(cells, at + MIN), real(cells, at + MAX), real(cells, at + SUM),
                    real(cells, at + FIRST), real(cells, at + LAST));
        }

        private static long bits(double value) {
            return Double.doubleToRawLongBits(value);
        }
    }

    /**
     * Group windows by (group, start), numbered in the order they come: an open-addressing table without a key object.
     * Each window's start, group, count and the series whose sums it holds apart ({@link FieldRuns#close}) sit side
     * by side, so that finding and counting a slice's window reads one line.
     */
    private static final class Cells {
        private static final int START = 0;
        private static final int GROUP = 1;
        private static final int COUNT = 2;
        private static final int OPEN = 3;
        private static final int STRIDE = 4;

        private int[] slots = new int[64];   // cell + 1; 0 is free
        private long[] cells = new long[16 * STRIDE];
        private int size;

        int size() {
            return size;
        }

        int group(int cell) {
            return (int) cells[cell * STRIDE + GROUP];
        }

        long start(int cell) {
            return cells[cell * STRIDE + START];
        }

        long count(int cell) {
            return cells[cell * STRIDE + COUNT];
        }

        void count(int cell, long count) {
            cells[cell * STRIDE + COUNT] += count;
        }

        /** Makes {@code cell} hold the sums of series {@code ordinal} apart; answers whether it held another's. */
        boolean open(int cell, int ordinal) {
            int at = cell * STRIDE + OPEN;
            if (cells[at] == ordinal) {
                return false;
            }
            cells[at] = ordinal;
            return true;
        }

        /** The cell of {@code group}'s window at {@code start}, numbered {@link #size()} when new. */
        int cellOf(int group, long start) {
            int mask = slots.length - 1;
            for (int i = hash(group, start) & mask; ; i = (i + 1) & mask) {
                int cell = slots[i] - 1;
                if (cell < 0) {
                    return add(i, group, start);
                }
                if (cells[cell * STRIDE + START] == start && cells[cell * STRIDE + GROUP] == group) {
                    return cell;
                }
            }
        }

        private int add(int slot, int group, long start) {
            if (size * STRIDE == cells.length) {
                cells = Arrays.copyOf(cells, cells.length * 2);
            }
            cells[size * STRIDE + START] = start;
            cells[size * STRIDE + GROUP] = group;
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
                int i = hash(group(cell), start(cell)) & mask;
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
