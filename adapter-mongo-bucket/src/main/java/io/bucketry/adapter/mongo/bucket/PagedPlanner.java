package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Plans a batch under a paged policy (seed 001): pages of maxCount readings in time order, each
 * starting at its first reading's time. Buckets with the same start form a group covering
 * {@code [start, next start)}; a reading belongs to the group with the greatest start at or before
 * it. The common case, readings after a series' last one, needs only each series' top bucket (one
 * read for the whole batch); late readings read the groups they fall into.
 */
final class PagedPlanner implements IngestPlanner {

    private final BucketPolicy policy;
    private final BucketKnowledge knowledge;

    PagedPlanner(BucketPolicy policy, BucketKnowledge knowledge) {
        this.policy = policy;
        this.knowledge = knowledge;
    }

    @Override
    public Plan plan(Map<SeriesId, List<Reading>> pending, boolean informed) {
        Map<SeriesId, List<StoredBucket>> known = new HashMap<>();
        Map<SeriesId, Long> toRead = new HashMap<>();
        if (informed) {
            pending.forEach((series, readings) -> toRead.put(series, readings.get(0).epochMilli()));
        } else {
            Map<SeriesId, StoredBucket> tops = knowledge.tops(pending.keySet());
            pending.forEach((series, readings) -> {
                StoredBucket top = tops.get(series);
                long earliest = readings.get(0).epochMilli();
                if (top == null) {
                    known.put(series, List.of());
                } else if (top.seq() == 0 && earliest > top.last()) {
                    known.put(series, List.of(top));
                } else {
                    toRead.put(series, earliest);
                }
            });
        }
        if (!toRead.isEmpty()) {
            known.putAll(knowledge.pagedGroups(toRead));
        }
        List<List<Placement>> chains = new ArrayList<>();
        int duplicates = 0;
        for (var entry : pending.entrySet()) {
            duplicates += planSeries(entry.getKey(), entry.getValue(), known.getOrDefault(entry.getKey(), List.of()),
                    chains);
        }
        return new Plan(chains, duplicates);
    }

    private int planSeries(SeriesId series, List<Reading> readings, List<StoredBucket> stored, List<List<Placement>> out) {
        TreeMap<Long, List<PlannedBucket>> groups = new TreeMap<>();
        for (StoredBucket bucket : stored) {
            groups.computeIfAbsent(bucket.start(), start -> new ArrayList<>()).add(PlannedBucket.stored(bucket));
        }
        int duplicates = 0;
        for (Reading reading : readings) {
            long time = reading.epochMilli();
            Map.Entry<Long, List<PlannedBucket>> floor = groups.floorEntry(time);
            if (floor == null) {
                open(groups, time).add(reading);
                continue;
            }
            List<PlannedBucket> group = floor.getValue();
            if (storedIn(group, time)) {
                duplicates++;
                continue;
            }
            PlannedBucket top = group.get(group.size() - 1);
            if (top.hasRoomFor(reading, policy)) {
                top.add(reading);
            } else if (time > maxLast(group)) {
                open(groups, time).add(reading);
            } else {
                // A late reading inside a full page: an overflow bucket of the same group keeps pages in order.
                PlannedBucket overflow = PlannedBucket.fresh(floor.getKey(), top.seq + 1);
                group.add(overflow);
                overflow.add(reading);
            }
        }
        for (List<PlannedBucket> group : groups.values()) {
            List<Placement> chain = Chains.of(series, group, policy);
            if (!chain.isEmpty()) {
                out.add(chain);
            }
        }
        return duplicates;
    }

    /** A new group (page) starting at {@code time}. */
    private static PlannedBucket open(TreeMap<Long, List<PlannedBucket>> groups, long time) {
        PlannedBucket bucket = PlannedBucket.fresh(time, 0);
        groups.computeIfAbsent(time, t -> new ArrayList<>()).add(bucket);
        return bucket;
    }

    private static boolean storedIn(List<PlannedBucket> group, long time) {
        for (PlannedBucket bucket : group) {
            if (bucket.contains(time)) {
                return true;
            }
        }
        return false;
    }

    private static long maxLast(List<PlannedBucket> group) {
        long last = Long.MIN_VALUE;
        for (PlannedBucket bucket : group) {
            last = Math.max(last, bucket.last());
        }
        return last;
    }
}
