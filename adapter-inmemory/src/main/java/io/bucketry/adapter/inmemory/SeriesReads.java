package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The read queries over one series' buckets: ranges, latest and pages. Callers hold the lock of the series' stripe. */
final class SeriesReads {

    private SeriesReads() {
    }

    /**
     * The exact count and the first and last times of the readings at or after {@code from}, as
     * {count, first, last}; null when there are none. Reads each bucket's times, never its values.
     */
    static long[] extentFrom(SeriesBuckets series, long from) {
        long count = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int i = series.firstIndexFor(from); i < series.bucketCount(); i++) {
            StoredBucket bucket = series.bucket(i);
            if (bucket.count() == 0 || bucket.lastTime() < from) {
                continue;
            }
            count += countFrom(series, i, from);
            if (bucket.firstTime() >= from) {
                first = Math.min(first, bucket.firstTime());
            } else {
                BucketRows rows = series.rows(i, DecodedColumns.Need.TIMES);
                first = Math.min(first, rows.timeAt(rows.lowerBound(from)));
            }
            last = Math.max(last, bucket.lastTime());
        }
        return count == 0 ? null : new long[] {count, first, last};
    }

    /**
     * Readings with times in [from, to), in time order, at most limit: a sealed bucket's as a run of its
     * decoded columns, the rest built now ({@link RangeReadings}).
     */
    static List<Reading> read(SeriesBuckets series, long from, long to, int limit) {
        RangeReadings.Builder out = RangeReadings.builder();
        int i = series.firstIndexFor(from);
        List<Reading> group = new ArrayList<>();
        while (i < series.bucketCount() && series.lowKey(series.bucket(i)) < to && out.size() < limit) {
            int end = series.groupEnd(i);
            if (end - i == 1) {
                BucketRows bucket = series.rows(i);
                int start = bucket.lowerBound(from);
                int take = Math.min(bucket.lowerBound(to) - start, limit - out.size());
                if (bucket instanceof DecodedColumns columns) {
                    out.decoded(columns, start, start + take);
                } else {
                    List<Reading> rows = new ArrayList<>(take);
                    bucket.readingsInto(start, start + take, rows);
                    out.built(rows);
                }
            } else {
                group.clear();
                readGroup(series, from, i, end, group);
                int inRange = 0;
                while (inRange < group.size() && group.get(inRange).epochMilli() < to) {
                    inRange++;
                }
                out.built(List.copyOf(group.subList(0, Math.min(inRange, limit - out.size()))));
            }
            i = end;
        }
        return out.build();
    }

    /**
     * As {@link #read(SeriesBuckets, long, long, int)}, the rows handed to {@code sink} with the meta each was
     * written with: a bucket's own rows or decoded columns as they are, an overlapping group's as readings.
     */
    static void read(SeriesBuckets series, SeriesId id, long from, long to, int limit, ReadingSink sink) {
        MetaRuns out = new MetaRuns(series, id, sink);
        int left = limit;
        int i = series.firstIndexFor(from);
        while (i < series.bucketCount() && series.lowKey(series.bucket(i)) < to && left > 0) {
            int end = series.groupEnd(i);
            if (end - i == 1) {
                BucketRows bucket = series.rows(i, DecodedColumns.Need.COLUMNS);
                int start = bucket.lowerBound(from);
                int take = Math.min(bucket.lowerBound(to) - start, left);
                bucket.rowsInto(start, start + take, out);
                left -= take;
            } else {
                List<Reading> group = new ArrayList<>();
                readGroup(series, from, i, end, group);
                int inRange = 0;
                while (inRange < group.size() && group.get(inRange).epochMilli() < to) {
                    inRange++;
                }
                int take = Math.min(inRange, left);
                ReadingSink.feed(group.subList(0, take), out);
                left -= take;
            }
            i = end;
        }
    }

    static Optional<Reading> latest(SeriesBuckets series, Instant notBefore) {
        if (series.bucketCount() == 0) {
            return Optional.empty();
        }
        int end = series.bucketCount();
        int first = series.latestGroupStart();
        int best = first;
        for (int i = first + 1; i < end; i++) {
            if (series.bucket(i).lastTime() > series.bucket(best).lastTime()) {
                best = i;
            }
        }
        if (series.bucket(best).lastTime() < notBefore.toEpochMilli()) {
            return Optional.empty();
        }
        Reading last = series.rows(best).readingAt(series.bucket(best).count() - 1);
        // a reading of a decoded bucket shares the bucket's numbers: one a caller keeps must not keep them all
        return Optional.of(Reading.at(last.series(), last.epochMilli(), last.fields().detached()));
    }

    /** Readings [offset, offset + pageSize) of those at or after notBefore, in time order. */
    static void page(SeriesBuckets series, long offset, int pageSize, long notBefore, List<Reading> out) {
        long skipped = 0;
        int i = series.firstIndexFor(notBefore);
        while (i < series.bucketCount() && out.size() < pageSize) {
            int end = series.groupEnd(i);
            long inGroup = 0;
            for (int j = i; j < end; j++) {
                inGroup += countFrom(series, j, notBefore);
            }
            if (skipped + inGroup <= offset) {
                skipped += inGroup;
            } else {
                List<Reading> group = new ArrayList<>();
                readGroup(series, notBefore, i, end, group);
                int from = (int) Math.max(0, offset - skipped);
                int to = (int) Math.min(group.size(), from + (long) pageSize - out.size());
                out.addAll(group.subList(from, to));
                skipped += inGroup;
            }
            i = end;
        }
    }

    /** Every reading at or after notBefore of the group [first, end), in time order, into an empty list. */
    private static void readGroup(SeriesBuckets series, long notBefore, int first, int end, List<Reading> out) {
        for (int j = first; j < end; j++) {
            BucketRows bucket = series.rows(j);
            bucket.readingsInto(bucket.lowerBound(notBefore), bucket.count(), out);
        }
        if (end - first > 1) {
            out.sort(Comparator.comparingLong(Reading::epochMilli));
        }
    }

    /** The readings of bucket {@code index} at or after {@code from}; a sealed bucket is decoded only when it straddles it. */
    private static int countFrom(SeriesBuckets series, int index, long from) {
        StoredBucket bucket = series.bucket(index);
        if (bucket.count() == 0 || bucket.firstTime() >= from) {
            return bucket.count();
        }
        if (bucket.lastTime() < from) {
            return 0;
        }
        return bucket.count() - series.rows(index, DecodedColumns.Need.TIMES).lowerBound(from);
    }
}
