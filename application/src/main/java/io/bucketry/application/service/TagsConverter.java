package io.bucketry.application.service;

import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validates the measurement and tags of ingested readings once per distinct pair and answers one
 * {@link SeriesMeta} object for it: a reading sent with what its series always sends costs a hash lookup,
 * not a copy and a check of every key, and a store compares it with its series' version by identity.
 * Thread-safe (parts of a batch are validated at once: the first object put for a pair is the one every
 * part answers); bounded.
 */
final class TagsConverter {

    /**
     * Above the tag sets of the case study (250 buildings x 5 types are 1,250); past it (a tag per series, such
     * as a host) the cache starts again rather than hold a set per series beside the store's.
     */
    private static final int MAX_CACHED = 4096;

    private final Map<Key, SeriesMeta> known = new ConcurrentHashMap<>();

    /** The meta of a reading sent with {@code tags} and {@code measurement} (null: none); INVALID_TAG when invalid (never cached). */
    SeriesMeta convert(String measurement, Map<String, ?> tags) {
        SeriesMeta found = known.get(Key.lookup(measurement, tags));   // a value that is no text equals no key here
        if (found != null) {
            return found;
        }
        SeriesMeta valid = new SeriesMeta(measurement, Tags.of(tags));
        if (known.size() >= MAX_CACHED) {
            known.clear();
        }
        SeriesMeta first = known.putIfAbsent(Key.of(valid), valid);
        return first == null ? valid : first;
    }

    /**
     * A measurement and tags, equal to another when they state the same pairs. A cached key keeps its valid
     * pairs in two arrays; a lookup key the map as sent, which equality asks for each cached key (a map's
     * {@code get}), so a lookup walks no entry set; both hash as a map of the same pairs does.
     */
    private static final class Key {

        private final String measurement;
        private final Map<String, ?> tags;
        /** The pairs of a cached key in key order; null for a lookup key. */
        private final String[] keys;
        private final String[] values;
        private final int hash;

        private Key(String measurement, Map<String, ?> tags, String[] keys, String[] values) {
            this.measurement = measurement;
            this.tags = tags;
            this.keys = keys;
            this.values = values;
            this.hash = 31 * tags.hashCode() + Objects.hashCode(measurement);
        }

        static Key lookup(String measurement, Map<String, ?> tags) {
            return new Key(measurement, tags, null, null);
        }

        static Key of(SeriesMeta valid) {
            Map<String, String> tags = valid.tags().values();
            return new Key(valid.measurement(), tags, tags.keySet().toArray(new String[0]),
                    tags.values().toArray(new String[0]));
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Key key) || hash != key.hash || !Objects.equals(measurement, key.measurement)
                    || tags.size() != key.tags.size()) {
                return false;
            }
            if (keys == null && key.keys == null) {
                return tags.equals(key.tags);
            }
            Key cached = keys != null ? this : key;
            Map<String, ?> sent = keys != null ? key.tags : tags;
            for (int i = 0; i < cached.keys.length; i++) {
                if (!cached.values[i].equals(sent.get(cached.keys[i]))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
