package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.List;

/**
 * The series of one stripe by id: an open-addressing table (linear probing) of the ids' hashes, the
 * ids and the series in three arrays, so that finding a series reads small arrays and then the series
 * itself, with no node in between. Not thread-safe: the stripe's lock guards it.
 */
final class SeriesTable {

    private static final int INITIAL_BITS = 6;

    private int[] hashes;
    private String[] keys;
    private SeriesBuckets[] entries;
    /** 32 minus the log2 of the capacity: a home slot is the top bits of a multiplied hash. */
    private int shift;
    private int size;

    SeriesTable() {
        clear();
    }

    /** The series with {@code id} (whose {@link String#hashCode} is {@code hash}), or null. */
    SeriesBuckets get(String id, int hash) {
        int mask = entries.length - 1;
        for (int i = slot(hash); ; i = (i + 1) & mask) {
            String key = keys[i];
            if (key == null) {
                return null;
            }
            if (hashes[i] == hash && matches(key, id)) {
                return entries[i];
            }
        }
    }

    /** The series of {@code id}, created empty under {@code policy} when absent. */
    SeriesBuckets getOrCreate(SeriesId id, int hash, BucketPolicy policy, Sealing sealing) {
        SeriesBuckets found = get(id.value(), hash);
        if (found != null) {
            return found;
        }
        if (2 * (size + 1) > entries.length) {
            resize();
        }
        SeriesBuckets created = SeriesBuckets.of(id, policy, sealing);
        place(created, hash);
        size++;
        return created;
    }

    /** Removes and answers the series with {@code id}, or null when absent. */
    SeriesBuckets remove(String id, int hash) {
        int mask = entries.length - 1;
        int i = slot(hash);
        while (entries[i] != null && !(hashes[i] == hash && matches(keys[i], id))) {
            i = (i + 1) & mask;
        }
        SeriesBuckets removed = entries[i];
        if (removed == null) {
            return null;
        }
        // backward shift: move later entries of the probe run into the hole so no search stops early
        int hole = i;
        for (int j = (i + 1) & mask; entries[j] != null; j = (j + 1) & mask) {
            int home = slot(hashes[j]);
            boolean reachableFromHole = hole <= j ? home <= hole || home > j : home <= hole && home > j;
            if (reachableFromHole) {
                entries[hole] = entries[j];
                keys[hole] = keys[j];
                hashes[hole] = hashes[j];
                hole = j;
            }
        }
        entries[hole] = null;
        keys[hole] = null;
        hashes[hole] = 0;
        size--;
        return removed;
    }

    int size() {
        return size;
    }

    int capacity() {
        return entries.length;
    }

    void clear() {
        hashes = new int[1 << INITIAL_BITS];
        keys = new String[1 << INITIAL_BITS];
        entries = new SeriesBuckets[1 << INITIAL_BITS];
        shift = 32 - INITIAL_BITS;
        size = 0;
    }

    /** Every series, in no particular order. */
    List<SeriesBuckets> values() {
        List<SeriesBuckets> values = new ArrayList<>(size);
        for (SeriesBuckets entry : entries) {
            if (entry != null) {
                values.add(entry);
            }
        }
        return values;
    }

    private static boolean matches(String key, String id) {
        return key == id || key.equals(id);
    }

    /** Home slot: Fibonacci hashing, which takes the top bits, so all of the hash counts. */
    int slot(int hash) {
        return hash * 0x9E3779B9 >>> shift;
    }

    private void place(SeriesBuckets entry, int hash) {
        int mask = entries.length - 1;
        int i = slot(hash);
        while (entries[i] != null) {
            i = (i + 1) & mask;
        }
        entries[i] = entry;
        keys[i] = entry.series().value();
        hashes[i] = hash;
    }

    private void resize() {
        int[] oldHashes = hashes;
        SeriesBuckets[] oldEntries = entries;
        hashes = new int[2 * oldEntries.length];
        keys = new String[2 * oldEntries.length];
        entries = new SeriesBuckets[2 * oldEntries.length];
        shift--;
        for (int i = 0; i < oldEntries.length; i++) {
            if (oldEntries[i] != null) {
                place(oldEntries[i], oldHashes[i]);
            }
        }
    }
}
