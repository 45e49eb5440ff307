package io.bucketry.server.lineprotocol;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * What a parser computed from a run of bytes (a series key, a field key), found again by those bytes
 * without building a String per line; holds at most {@code capacity / 2} entries, then computes afresh.
 * Its tables start small and double as entries come: a parser lives for one request, and tables sized
 * for the limit up front would be allocated, and zeroed, per request (and are large enough for G1 to
 * allocate them outside the young generation).
 */
final class ByteKeyCache<V> {

    private static final int FIRST_SLOTS = 64;

    private final int maxSlots;
    private byte[][] keys;
    private Object[] values;
    private int mask;
    private int size;

    ByteKeyCache(int capacity) {
        maxSlots = Integer.highestOneBit(Math.max(16, capacity - 1)) << 1;
        allocate(Math.min(FIRST_SLOTS, maxSlots));
    }

    @SuppressWarnings("unchecked")
    V get(byte[] b, int s, int e, Supplier<V> compute) {
        int hash = hash(b, s, e);
        int slot = hash & mask;
        for (byte[] key; (key = keys[slot]) != null; slot = (slot + 1) & mask) {
            if (Arrays.equals(key, 0, key.length, b, s, e)) {
                return (V) values[slot];
            }
        }
        V value = compute.get();
        if (size < maxSlots / 2) {
            keys[slot] = Arrays.copyOfRange(b, s, e);
            values[slot] = value;
            if (++size == keys.length / 2 && keys.length < maxSlots) {
                grow();
            }
        }
        return value;
    }

    /** How many slots the tables have now (for tests: they grow with the entries, up to the capacity's). */
    int slots() {
        return keys.length;
    }

    private void grow() {
        byte[][] oldKeys = keys;
        Object[] oldValues = values;
        allocate(oldKeys.length * 2);
        for (int i = 0; i < oldKeys.length; i++) {
            byte[] key = oldKeys[i];
            if (key != null) {
                int slot = hash(key, 0, key.length) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = key;
                values[slot] = oldValues[i];
            }
        }
    }

    private void allocate(int slots) {
        keys = new byte[slots][];
        values = new Object[slots];
        mask = slots - 1;
    }

    private static int hash(byte[] b, int s, int e) {
        int hash = 1;
        for (int i = s; i < e; i++) {
            hash = 31 * hash + b[i];
        }
        return hash ^ hash >>> 16;
    }
}
