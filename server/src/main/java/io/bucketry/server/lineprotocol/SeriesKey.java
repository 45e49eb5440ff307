package io.bucketry.server.lineprotocol;

/**
 * The series of a line: its id under the {@link SeriesIdRule}, and its tag set (measurement and
 * tags, unescaped, tags sorted by key, as {@code cpu,host=a,region=eu}) that tells apart two tag
 * sets mapped to the same id.
 */
public record SeriesKey(String id, String tagSet) {
}
