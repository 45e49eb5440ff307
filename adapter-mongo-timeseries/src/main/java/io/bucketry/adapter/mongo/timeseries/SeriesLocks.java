package io.bucketry.adapter.mongo.timeseries;

import java.util.BitSet;
import java.util.Collection;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Lets the batches of one store take turns only where they share a series. The duplicate check and
 * the insert are two commands, so two batches holding the same reading could both find it absent
 * and both insert it: readers would drop the copy, but both batches would count it accepted. A
 * reading's identity includes its series, so batches of disjoint series cannot collide and need not
 * wait for each other. (Writers in other processes can still race; readers drop what that leaves.)
 */
final class SeriesLocks {

    static final int STRIPES = 64;

    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];

    SeriesLocks() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    /** Locks the stripes of these series in ascending order, so that no two batches wait in a cycle. */
    Held lock(Collection<String> series) {
        BitSet wanted = new BitSet(STRIPES);
        for (String name : series) {
            wanted.set(stripe(name));
        }
        int[] order = wanted.stream().toArray();
        for (int index : order) {
            stripes[index].lock();
        }
        return () -> {
            for (int i = order.length - 1; i >= 0; i--) {
                stripes[order[i]].unlock();
            }
        };
    }

    static int stripe(String series) {
        return Math.floorMod(series.hashCode(), STRIPES);
    }

    /** Locks held until closed. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }
}
