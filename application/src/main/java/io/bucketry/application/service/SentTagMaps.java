package io.bucketry.application.service;

import io.bucketry.domain.SeriesMeta;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The metas of tags maps sent before, found by the map object itself: a client that keeps each sensor's tags
 * in one map and sends it with every reading is answered without hashing the map or asking it for a key.
 * Only maps that cannot change are kept: the JDK's {@code Map.of}, {@code Map.ofEntries} and {@code Map.copyOf}
 * maps whose values are all {@link String}s; any other map (a {@code HashMap}, a view, a value that is a
 * {@code StringBuilder}) is never kept, since its caller may change it between two calls. Thread-safe and
 * bounded: at {@value #MAX_HELD} maps it starts again.
 */
final class SentTagMaps {

    /** Above the 25,000 sensors of the case study, each with its own map. */
    static final int MAX_HELD = 1 << 15;
    /** Twice the maps held, so that a probe meets an empty slot soon. */
    private static final int SLOTS = 2 * MAX_HELD;

    private static final Class<?> MAP_OF_ONE = Map.of("k", "v").getClass();
    private static final Class<?> MAP_OF_MANY = Map.of("k", "v", "l", "w").getClass();

    /** Null until a map is kept. */
    private volatile Table table;

    /** The meta kept for this very {@code tags} object sent with {@code measurement}, or null. */
    SeriesMeta get(String measurement, Map<String, ?> tags) {
        Table current = table;
        return current == null || !unchangeable(tags) ? null : current.get(measurement, tags);
    }

    /** Keeps {@code meta} as the meta of {@code tags} with {@code measurement}, when that map cannot change. */
    void put(String measurement, Map<String, ?> tags, SeriesMeta meta) {
        if (!unchangeable(tags) || !allText(tags)) {
            return;
        }
        Table current = table;
        if (current == null || !current.put(measurement, tags, meta)) {
            Table fresh = new Table();
            fresh.put(measurement, tags, meta);
            table = fresh;
        }
    }

    /** Forgets every map kept. */
    void clear() {
        table = null;
    }

    private static boolean unchangeable(Map<String, ?> tags) {
        Class<?> type = tags.getClass();
        return type == MAP_OF_ONE || type == MAP_OF_MANY;
    }

    private static boolean allText(Map<String, ?> tags) {
        for (Object value : tags.values()) {
            if (!(value instanceof String)) {
                return false;
            }
        }
        return true;
    }

    private record Entry(Map<String, ?> tags, String measurement, SeriesMeta meta) {
    }

    /** An open-addressing table by identity, filled to at most half its slots; entries are never removed. */
    private static final class Table {

        private final AtomicReferenceArray<Entry> slots = new AtomicReferenceArray<>(SLOTS);
        private final AtomicInteger held = new AtomicInteger();

        SeriesMeta get(String measurement, Map<String, ?> tags) {
            for (int i = slotOf(tags); ; i = (i + 1) & (SLOTS - 1)) {
                Entry entry = slots.get(i);
                if (entry == null) {
                    return null;
                }
                if (entry.tags == tags && Objects.equals(entry.measurement, measurement)) {
                    return entry.meta;
                }
            }
        }

        /** False when the map is not kept yet and the table is full. */
        boolean put(String measurement, Map<String, ?> tags, SeriesMeta meta) {
            for (int i = slotOf(tags); ; i = (i + 1) & (SLOTS - 1)) {
                Entry entry = slots.get(i);
                if (entry == null) {
                    if (held.get() >= MAX_HELD) {
                        return false;
                    }
                    if (slots.compareAndSet(i, null, new Entry(tags, measurement, meta))) {
                        held.incrementAndGet();
                        return true;
                    }
                    entry = slots.get(i);
                }
                if (entry.tags == tags && Objects.equals(entry.measurement, measurement)) {
                    return true;
                }
            }
        }

        private static int slotOf(Map<String, ?> tags) {
            int hash = System.identityHashCode(tags);
            return (hash ^ (hash >>> 16)) & (SLOTS - 1);
        }
    }
}
