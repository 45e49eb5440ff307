package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.Reading;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a batch stores each reading once across every process writing one collection: a native
 * time-series collection has no unique index, so the processes agree through another collection,
 * by leases of series stripes ({@link LeasedStoreOnce}).
 */
interface StoreOnce {

    /**
     * Stores the readings of {@code bySeries} (one per identity) that no batch stored before; answers
     * those this batch inserted.
     */
    List<Reading> store(Map<String, List<Reading>> bySeries, Inserts inserts);

    /** What a strategy asks of the collection of readings. */
    interface Inserts {
        /** Which of {@code identities} are stored (one query). */
        Set<Identity> stored(Collection<Identity> identities);

        /** Inserts {@code readings} with one unordered insertMany. */
        void insert(List<Reading> readings);
    }

    /**
     * How long a lease or a claim lasts: it outlives every command of the part it covers (three operation
     * timeouts, which the server enforces through {@code maxTimeMS}), and at least 30 s.
     */
    static long leaseMillis(Duration operationTimeout) {
        return Math.max(Duration.ofSeconds(30).toMillis(), operationTimeout.multipliedBy(3).toMillis());
    }

    /** Waits a little, longer each round up to 0.2 s, with jitter, for another batch to finish. */
    static void pause(int round) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(5, 20L * Math.min(round + 1, 10) + 6));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("mongo-timeseries: interrupted while another process held a series", e);
        }
    }
}
