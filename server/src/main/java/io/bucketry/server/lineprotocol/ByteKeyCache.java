package io.bucketry.server.lineprotocol;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * What a parser computed from a run of bytes (a series key, a field key), found again by those bytes
 * without building a String per line; holds at most {@code capacity / 2} entries, then computes afresh.
 */
final class ByteKeyCache<V> {

    private final byte[][] keys;
    private final Object[] values;
    private final int mask;
    private int size;

    ByteKeyCache(int capacity) {
        int slots = Integer.highestOneBit(Math.max(16, capacity - 1)) << 1;
        keys = new byte[slots][];
        values = new Object[slots];
        mask = slots - 1;
    }

    @SuppressWarnings("unchecked")
    V get(byte[] b, int s, int e, Supplier<V> compute) {
        int hash = 1;
        for (int i = s; i < e; i++) {
            hash = 31 * hash + b[i];
        }
        int slot = (hash ^ hash >>> 16) & mask;
        for (byte[] key; (key = keys[slot]) != null; slot = (slot + 1) & mask) {
            if (Arrays.equals(key, 0, key.length, b, s, e)) {
                return (V) values[slot];
            }
        }
        V value = compute.get();
        if (size < keys.length / 2) {
            keys[slot] = Arrays.copyOfRange(b, s, e);
            values[slot] = value;
            size++;
        }
        return value;
    }
}
