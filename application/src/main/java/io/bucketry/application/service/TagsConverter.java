package io.bucketry.application.service;

import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validates the measurement and tags of ingested readings once per distinct pair and answers one
 * {@link SeriesMeta} object for it: a reading sent with what its series always sends costs a hash lookup,
 * not a copy and a check of every key, and a store compares it with its series' version by identity.
 * Keyed by the valid tags' own unmodifiable map, which equals and hashes as any map of the same pairs.
 * Thread-safe; bounded.
 */
final class TagsConverter {

    /** Far above the tag sets of a large deployment (250 buildings x 5 types are 1,250); past it the cache starts again. */
    private static final int MAX_CACHED = 1 << 16;

    private record Key(String measurement, Map<String, ?> tags) {
    }

    private final Map<Key, SeriesMeta> known = new ConcurrentHashMap<>();

    /** The meta of a reading sent with {@code tags} and {@code measurement} (null: none); INVALID_TAG when invalid (never cached). */
    SeriesMeta convert(String measurement, Map<String, ?> tags) {
        SeriesMeta found = known.get(new Key(measurement, tags));   // a value that is no text equals no key here
        if (found != null) {
            return found;
        }
        SeriesMeta valid = new SeriesMeta(measurement, Tags.of(tags));
        if (known.size() >= MAX_CACHED) {
            known.clear();
        }
        known.put(new Key(measurement, valid.tags().values()), valid);
        return valid;
    }
}
