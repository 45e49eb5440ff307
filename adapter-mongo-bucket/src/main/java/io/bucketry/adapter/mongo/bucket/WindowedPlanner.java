package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongPredicate;

/**
 * Plans a batch under a windowed policy. Without knowledge, a window's readings go to its seq-0
 * bucket in one appending statement whose filter keeps duplicates, late readings and overflow out
 * (the common case, no read). Windows that conflicted, or that receive more than one bucket can hold, are read first:
 * duplicates are dropped, the highest seq is filled and the rest rolls over to new seqs.
 */
final class WindowedPlanner implements IngestPlanner {

    private final BucketPolicy.Windowed policy;
    private final BucketKnowledge knowledge;
    private final LongPredicate readFirst;
    private final SubWindowFields subs;

    WindowedPlanner(BucketPolicy.Windowed policy, BucketKnowledge knowledge) {
        this(policy, knowledge, start -> false);
    }

    /**
     * @param readFirst the windows (by start) always planned with a read: in the sealed layout those
     *                  that may be sealed, whose seq 0 may be sealed or a fold's stub (a blind upsert of
     *                  seq 0 would then meet E11000 and cost a second round)
     */
    WindowedPlanner(BucketPolicy.Windowed policy, BucketKnowledge knowledge, LongPredicate readFirst) {
        this.policy = policy;
        this.knowledge = knowledge;
        this.readFirst = readFirst;
        this.subs = SubWindowFields.of(policy);
    }

    @Override
    public Plan plan(Map<SeriesId, List<Reading>> pending, boolean informed) {
        Map<SeriesId, TreeMap<Long, List<Reading>>> windows = new HashMap<>();
        Map<SeriesId, Set<Long>> toRead = new HashMap<>();
        pending.forEach((series, readings) -> {
            TreeMap<Long, List<Reading>> bySeries = new TreeMap<>();
            for (Reading reading : readings) {
                bySeries.computeIfAbsent(policy.windowStart(reading.epochMilli()), start -> new ArrayList<>()).add(reading);
            }
            windows.put(series, bySeries);
            bySeries.forEach((start, group) -> {
                if (informed || !fitsOneBucket(group) || readFirst.test(start) || !oneMeta(group)) {
                    toRead.computeIfAbsent(series, s -> new TreeSet<>()).add(start);
                }
            });
        });
        Map<SeriesId, Map<Long, List<StoredBucket>>> known = toRead.isEmpty() ? Map.of() : knowledge.windows(toRead);
        List<List<Placement>> chains = new ArrayList<>();
        int duplicates = 0;
        for (var series : windows.entrySet()) {
            for (var window : series.getValue().entrySet()) {
                if (toRead.getOrDefault(series.getKey(), Set.of()).contains(window.getKey())) {
                    Map<Long, List<StoredBucket>> read = known.getOrDefault(series.getKey(), Map.of());
                    duplicates += planKnown(series.getKey(), window.getKey(), window.getValue(),
                            read.getOrDefault(window.getKey(), List.of()), chains);
                } else {
                    chains.add(List.of(new Placement(series.getKey(), window.getKey(), 0, window.getValue(), false, true)));
                }
            }
        }
        return new Plan(chains, duplicates);
    }

    private static boolean oneMeta(List<Reading> group) {
        for (Reading reading : group) {
            if (!reading.meta().equals(group.get(0).meta())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The readings of one meta after another (in order of their first reading), each meta's in time order:
     * a bucket holds one meta, so a window written with two of them takes two buckets, not one per change.
     */
    private static List<Reading> byMeta(List<Reading> readings) {
        Map<SeriesMeta, List<Reading>> runs = new LinkedHashMap<>();
        for (Reading reading : readings) {
            runs.computeIfAbsent(reading.meta(), m -> new ArrayList<>()).add(reading);
        }
        if (runs.size() == 1) {
            return readings;
        }
        List<Reading> out = new ArrayList<>(readings.size());
        runs.values().forEach(out::addAll);
        return out;
    }

    private boolean fitsOneBucket(List<Reading> group) {
        return policy.admits(0, 0, group.size(), BucketBytes.of(group, subs));
    }

    /** Plans one window from its stored buckets (sorted by seq); answers the duplicates found. */
    private int planKnown(SeriesId series, long start, List<Reading> readings, List<StoredBucket> stored,
                          List<List<Placement>> out) {
        List<PlannedBucket> buckets = new ArrayList<>();
        for (StoredBucket bucket : stored) {
            buckets.add(PlannedBucket.stored(bucket, subs));
        }
        PlannedBucket target = buckets.isEmpty() ? PlannedBucket.fresh(start, 0, subs) : buckets.get(buckets.size() - 1);
        if (buckets.isEmpty()) {
            buckets.add(target);
        }
        int duplicates = 0;
        for (Reading reading : byMeta(readings)) {
            if (storedIn(buckets, reading.epochMilli())) {
                duplicates++;
                continue;
            }
            // Only the highest seq ever grows; lower ones are full or were closed by a rollover (or a meta change).
            if (!target.hasRoomFor(reading, policy)) {
                target = PlannedBucket.fresh(start, target.seq + 1, subs);
                buckets.add(target);
            }
            target.add(reading);
        }
        List<Placement> chain = Chains.of(series, buckets, policy);
        if (!chain.isEmpty()) {
            out.add(chain);
        }
        return duplicates;
    }

    private static boolean storedIn(List<PlannedBucket> buckets, long time) {
        for (PlannedBucket bucket : buckets) {
            if (bucket.contains(time)) {
                return true;
            }
        }
        return false;
    }
}
