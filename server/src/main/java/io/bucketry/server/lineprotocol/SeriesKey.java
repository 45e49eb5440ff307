package io.bucketry.server.lineprotocol;

import java.util.Map;

/**
 * The series of a line: its id under the {@link SeriesIdRule}, its tag set (measurement and tags,
 * unescaped, tags sorted by key, as {@code cpu,host=a,region=eu}) that tells apart two tag sets mapped
 * to the same id, and the measurement and tags themselves, which the reading is written with.
 *
 * @param tags tag key to value, sorted by key (unmodifiable; empty for a line without tags)
 */
public record SeriesKey(String id, String tagSet, String measurement, Map<String, String> tags) {
}
