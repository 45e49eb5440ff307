package io.bucketry.adapter.inmemory;

import io.bucketry.domain.Reading;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The readings a range read answers, in time order, as runs: a stretch of a sealed bucket's decoded
 * columns, whose readings are built when asked for, or readings built under the stripe's lock (an
 * open bucket's rows change once the lock is released; a decoded bucket belongs to this query alone).
 * Building a reading when it is asked for keeps most of a long range's work out of the lock, and lets
 * the JIT drop the objects of a reading that a caller only looks at. Immutable; a reading asked for
 * twice is built twice and equal.
 */
final class RangeReadings extends AbstractList<Reading> implements RandomAccess {

    /** Per run, its decoded bucket, or null when the run was built. */
    private final DecodedColumns[] decoded;
    /** Per run, its built readings, or null when it is decoded. */
    private final List<Reading>[] built;
    /** Per run, the first index of its bucket's rows (decoded runs) or of its list (built runs). */
    private final int[] firsts;
    /** Per run, the size of this list up to and including it. */
    private final int[] ends;
    private final int runs;

    private RangeReadings(Builder builder) {
        this.runs = builder.runs;
        this.decoded = Arrays.copyOf(builder.decoded, runs);
        this.built = Arrays.copyOf(builder.built, runs);
        this.firsts = Arrays.copyOf(builder.firsts, runs);
        this.ends = Arrays.copyOf(builder.ends, runs);
    }

    static Builder builder() {
        return new Builder();
    }

    @Override
    public int size() {
        return runs == 0 ? 0 : ends[runs - 1];
    }

    @Override
    public Reading get(int index) {
        Objects.checkIndex(index, size());
        int low = 0;
        int high = runs - 1;
        while (low < high) {   // the first run that ends after index
            int mid = (low + high) >>> 1;
            if (ends[mid] <= index) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return at(low, index - (low == 0 ? 0 : ends[low - 1]));
    }

    private Reading at(int run, int indexInRun) {
        DecodedColumns columns = decoded[run];
        return columns != null ? columns.readingAt(firsts[run] + indexInRun) : built[run].get(firsts[run] + indexInRun);
    }

    /** Walks the runs in order instead of searching each index. */
    @Override
    public Iterator<Reading> iterator() {
        return new Iterator<>() {
            private int run;
            private int index;

            @Override
            public boolean hasNext() {
                return index < size();
            }

            @Override
            public Reading next() {
                if (index >= size()) {
                    throw new NoSuchElementException();
                }
                while (ends[run] <= index) {
                    run++;
                }
                Reading reading = at(run, index - (run == 0 ? 0 : ends[run - 1]));
                index++;
                return reading;
            }
        };
    }

    /** Collects the runs in time order; one use: {@link #build} once. */
    static final class Builder {
        private DecodedColumns[] decoded = new DecodedColumns[4];
        @SuppressWarnings("unchecked")
        private List<Reading>[] built = new List[4];
        private int[] firsts = new int[4];
        private int[] ends = new int[4];
        private int runs;
        private int size;

        /** Rows {@code [from, to)} of {@code columns}, built when asked for. */
        Builder decoded(DecodedColumns columns, int from, int to) {
            Objects.checkFromToIndex(from, to, columns.count());
            return add(columns, null, from, to - from);
        }

        /** Readings already built, as they are. */
        Builder built(List<Reading> readings) {
            return add(null, readings, 0, readings.size());
        }

        int size() {
            return size;
        }

        private Builder add(DecodedColumns columns, List<Reading> readings, int first, int count) {
            if (count == 0) {
                return this;
            }
            if (runs == ends.length) {
                int grown = runs * 2;
                decoded = Arrays.copyOf(decoded, grown);
                built = Arrays.copyOf(built, grown);
                firsts = Arrays.copyOf(firsts, grown);
                ends = Arrays.copyOf(ends, grown);
            }
            size = Math.addExact(size, count);
            decoded[runs] = columns;
            built[runs] = readings;
            firsts[runs] = first;
            ends[runs] = size;
            runs++;
            return this;
        }

        RangeReadings build() {
            return new RangeReadings(this);
        }
    }
}
