package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.domain.Reading;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Stores once by leases of series stripes ({@link SeriesLeases}): per round, one command claims every
 * stripe it can, the batch checks and inserts the readings of the stripes it holds, and one command
 * releases them. Stripes held by another batch wait for a later round; a batch never waits while it
 * holds a lease, so no two batches wait for each other.
 */
final class LeasedStoreOnce implements StoreOnce {

    private final SeriesLeases leases;

    LeasedStoreOnce(SeriesLeases leases) {
        this.leases = leases;
    }

    @Override
    public List<Reading> store(Map<String, List<Reading>> bySeries, Inserts inserts) {
        long token = ThreadLocalRandom.current().nextLong();
        Set<Integer> waiting = SeriesLeases.stripes(bySeries.keySet());
        List<Reading> fresh = new ArrayList<>();
        for (int round = 0; !waiting.isEmpty(); round++) {
            Set<Integer> claimed = leases.claim(waiting, token);
            if (claimed.isEmpty()) {
                StoreOnce.pause(round);
                continue;
            }
            try {
                fresh.addAll(storeHeld(claimed, bySeries, inserts));
            } finally {
                leases.release(token);
            }
            waiting.removeAll(claimed);
        }
        return fresh;
    }

    /** Inserts the readings of series in {@code claimed} stripes not stored yet; answers them. */
    private static List<Reading> storeHeld(Set<Integer> claimed, Map<String, List<Reading>> bySeries, Inserts inserts) {
        Map<Identity, Reading> part = new LinkedHashMap<>();
        bySeries.forEach((series, readings) -> {
            if (claimed.contains(SeriesLeases.stripe(series))) {
                readings.forEach(reading -> part.put(Identity.of(reading), reading));
            }
        });
        Set<Identity> stored = inserts.stored(part.keySet());
        List<Reading> fresh = new ArrayList<>(part.size() - stored.size());
        part.forEach((identity, reading) -> {
            if (!stored.contains(identity)) {
                fresh.add(reading);
            }
        });
        if (!fresh.isEmpty()) {
            inserts.insert(fresh);
        }
        return fresh;
    }
}
