package io.bucketry.domain;

import java.util.Arrays;

/**
 * The windows of series as a {@link GroupAggregator} reads them, one <em>part</em> per series, kept until
 * they are merged into their groups in series id order (the order the exact sums need). A store may read
 * its series in any order (each under its own lock, where it finds it) and tell their ranks in id order
 * at the end; the parts wait here, back to back in chunks of {@code long[]}: per window its {@link GroupTable}
 * slot, its count and the {@link FieldCells} of each field of the part, so that a series costs no object.
 * Chunks, not one array grown by copying: the parts of a query over every series take megabytes.
 */
final class SeriesParts {

    /** A window's slot and count, before its fields' cells. */
    private static final int HEAD = 2;
    /** Longs per chunk, unless a part needs more: 256 KB, each chunk a plain young object. */
    private static final int CHUNK = 1 << 15;

    /** The chunk being written: the current part is in it, whole. */
    private long[] buffer = new long[256];
    private int size;
    private long[][] chunks = new long[4][];
    private int chunkCount;
    /** Parts kept: {@code [0, parts)}; the current one is the last. */
    private int parts;
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int[] strides = new int[16];
    private int[] ids = new int[16];
    private int[] chunkOf = new int[16];
    private SeriesId[] series = new SeriesId[16];
    /** An id for each part begun, never reused, so that a slot's mark below names one part. */
    private int nextId;
    private int currentId = -1;
    /** Per slot, 1 + the id of the last part holding a window of it, and where that window is. */
    private int[] slotPart = new int[16];
    private int[] slotAt = new int[16];
    /** Fields per window of the current part. */
    private int stride;
    /** The current window of the current part, or -1. */
    private int at = -1;

    /** Starts the part of {@code id}, with room for {@code fields} fields. */
    void begin(SeriesId id, int fields) {
        end();
        if (parts == starts.length) {
            int capacity = 2 * parts;
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
            strides = Arrays.copyOf(strides, capacity);
            ids = Arrays.copyOf(ids, capacity);
            chunkOf = Arrays.copyOf(chunkOf, capacity);
            series = Arrays.copyOf(series, capacity);
        }
        if (chunkCount == 0) {
            addChunk(buffer);
        }
        starts[parts] = size;
        chunkOf[parts] = chunkCount - 1;
        series[parts] = id;
        currentId = nextId++;
        ids[parts] = currentId;
        parts++;
        stride = fields;
        at = -1;
    }

    boolean started() {
        return currentId >= 0;
    }

    /** Makes the current part's window of {@code slot} the current window, new and empty when it has none yet. */
    void select(int slot) {
        if (slot >= slotPart.length) {
            int capacity = Math.max(2 * slotPart.length, slot + 1);
            slotPart = Arrays.copyOf(slotPart, capacity);
            slotAt = Arrays.copyOf(slotAt, capacity);
        }
        if (slotPart[slot] == currentId + 1) {
            at = slotAt[slot];
            return;
        }
        int windowSize = HEAD + stride * FieldCells.SIZE;
        ensure(windowSize);
        buffer[size] = slot;
        buffer[size + 1] = 0;
        for (int f = 0; f < stride; f++) {
            FieldCells.clear(buffer, size + HEAD + f * FieldCells.SIZE);
        }
        slotPart[slot] = currentId + 1;
        slotAt[slot] = size;
        at = size;
        size += windowSize;
    }

    /** Counts {@code readings} more in the current window. */
    void count(long readings) {
        buffer[at + 1] += readings;
    }

    /** The buffer the cells are in; valid until the next call of this object. */
    long[] cells() {
        return buffer;
    }

    /** Where the cells of {@code field} in the current window are in {@link #cells()}. */
    int cellsOf(int field) {
        if (at < 0) {
            throw new IllegalStateException("a value before the reading it belongs to");
        }
        if (field >= stride) {
            widen(field + 1);
        }
        return at + HEAD + field * FieldCells.SIZE;
    }

    /** Gives every window of the current part room for {@code fields} fields, the new ones empty. */
    private void widen(int fields) {
        int oldSize = HEAD + stride * FieldCells.SIZE;
        int newSize = HEAD + fields * FieldCells.SIZE;
        int windows = (size - starts[parts - 1]) / oldSize;
        ensure(windows * (newSize - oldSize));
        int first = starts[parts - 1];
        int current = (at - first) / oldSize;
        for (int w = windows - 1; w >= 0; w--) {   // from the last, so that nothing is overwritten before it moves
            int from = first + w * oldSize;
            int to = first + w * newSize;
            System.arraycopy(buffer, from, buffer, to, oldSize);
            for (int f = stride; f < fields; f++) {
                FieldCells.clear(buffer, to + HEAD + f * FieldCells.SIZE);
            }
            slotAt[(int) buffer[to]] = to;
        }
        size = first + windows * newSize;
        at = first + current * newSize;
        stride = fields;
    }

    /**
     * Makes room for {@code more} longs after the current part: the chunk grows while the part is alone in it,
     * else the part moves to a new chunk.
     */
    private void ensure(int more) {
        if (size + more <= buffer.length) {
            return;
        }
        int first = starts[parts - 1];
        int length = size - first;
        if (first == 0) {
            buffer = Arrays.copyOf(buffer, Math.max(size + more, 2 * buffer.length));
            chunks[chunkCount - 1] = buffer;
            return;
        }
        long[] next = new long[Math.max(CHUNK, 2 * (length + more))];
        System.arraycopy(buffer, first, next, 0, length);
        for (int w = 0; w < length; w += HEAD + stride * FieldCells.SIZE) {
            slotAt[(int) next[w]] = w;
        }
        at -= first;   // select() sets it anew when there was no window yet
        buffer = next;
        size = length;
        starts[parts - 1] = 0;
        addChunk(next);
        chunkOf[parts - 1] = chunkCount - 1;
    }

    private void addChunk(long[] chunk) {
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, 2 * chunkCount);
        }
        chunks[chunkCount++] = chunk;
    }

    private void end() {
        if (parts > 0) {
            ends[parts - 1] = size;
            strides[parts - 1] = stride;
        }
    }

    /**
     * Merges every part kept into {@code table} and forgets them: in the order begun, or with {@code ranks}
     * (one per part, in the order begun) in rank order.
     */
    void mergeInto(GroupTable table, int[] ranks) {
        end();
        for (int p : ranks == null ? inOrderBegun() : inRankOrder(ranks)) {
            int windowSize = HEAD + strides[p] * FieldCells.SIZE;
            long[] chunk = chunks[chunkOf[p]];
            for (int w = starts[p]; w < ends[p]; w += windowSize) {
                table.mergeLaterSeries((int) chunk[w], chunk[w + 1], chunk, w + HEAD, strides[p], ids[p], series[p]);
            }
        }
        chunkCount = 0;
        parts = 0;
        size = 0;
        at = -1;
        currentId = -1;
    }

    private int[] inOrderBegun() {
        int[] order = new int[parts];
        for (int p = 0; p < parts; p++) {
            order[p] = p;
        }
        return order;
    }

    /** The parts' indexes by rank: placed at their ranks where those are few, else sorted; ranks must differ. */
    private int[] inRankOrder(int[] ranks) {
        if (ranks.length != parts) {
            throw new IllegalArgumentException(ranks.length + " ranks for " + parts + " series parts");
        }
        int[] order = new int[parts];
        int highest = -1;
        for (int p = 0; p < parts; p++) {
            if (ranks[p] < 0) {
                throw new IllegalArgumentException("rank " + ranks[p] + " of series " + series[p] + " is negative");
            }
            highest = Math.max(highest, ranks[p]);
        }
        if (highest < 4L * parts + 64) {
            int[] byRank = new int[highest + 1];
            Arrays.fill(byRank, -1);
            for (int p = 0; p < parts; p++) {
                if (byRank[ranks[p]] >= 0) {
                    throw duplicate(ranks[p]);
                }
                byRank[ranks[p]] = p;
            }
            int next = 0;
            for (int p : byRank) {
                if (p >= 0) {
                    order[next++] = p;
                }
            }
            return order;
        }
        long[] keyed = new long[parts];
        for (int p = 0; p < parts; p++) {
            keyed[p] = (long) ranks[p] << 32 | p;
        }
        Arrays.sort(keyed);
        for (int p = 0; p < parts; p++) {
            if (p > 0 && keyed[p] >>> 32 == keyed[p - 1] >>> 32) {
                throw duplicate((int) (keyed[p] >>> 32));
            }
            order[p] = (int) keyed[p];
        }
        return order;
    }

    private static IllegalArgumentException duplicate(int rank) {
        return new IllegalArgumentException("two series parts have rank " + rank + "; each series has its own");
    }
}
