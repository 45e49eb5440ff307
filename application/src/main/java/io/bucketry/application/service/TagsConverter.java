package io.bucketry.application.service;

import io.bucketry.domain.Tags;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Validates the tags of one part of a batch, once per map object: an inbound adapter that hands the same map
 * to every reading of a series (line protocol caches a series' tag set) has it checked and copied once.
 */
final class TagsConverter {

    /** Enough for the series of a large batch; past it the cache starts again. */
    private static final int MAX_CACHED = 1 << 16;

    private final Map<Map<String, ?>, Tags> converted = new IdentityHashMap<>();

    Tags convert(Map<String, ?> tags) {
        Tags known = converted.get(tags);
        if (known != null) {
            return known;
        }
        Tags valid = Tags.of(tags);   // throws INVALID_TAG: never cached
        if (converted.size() >= MAX_CACHED) {
            converted.clear();
        }
        converted.put(tags, valid);
        return valid;
    }
}
