package io.bucketry.server.influxql;

import io.bucketry.domain.SeriesId;

import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A series as InfluxQL sees it: its id, the measurement it belongs to and its tags, sorted by key.
 *
 * @param kept true when the measurement and tags are those the store keeps with the series (which its
 *        tag-filtered and grouped aggregates read), false when they are spelled from its id
 */
public record TaggedSeries(SeriesId id, String measurement, SortedMap<String, String> tags, boolean kept) {

    public TaggedSeries {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(measurement, "measurement");
        tags = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(tags));
    }

    /** The value of tag {@code key}, or the empty string InfluxQL compares a missing tag as. */
    public String tag(String key) {
        String value = tags.get(key);
        return value == null ? "" : value;
    }

    /** The series key as SHOW SERIES prints it: {@code cpu,host=a,region=eu}, escaped as line protocol is. */
    public String key() {
        StringBuilder key = new StringBuilder(escape(measurement));
        tags.forEach((k, v) -> key.append(',').append(escape(k)).append('=').append(escape(v)));
        return key.toString();
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' || c == '=' || c == ' ') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
