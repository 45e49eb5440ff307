package io.bucketry.server.lineprotocol;

import java.util.List;
import java.util.Locale;

/**
 * How a line-protocol measurement and its tags (sorted by key) become a series id. Every character
 * outside {@code [A-Za-z0-9._@-]} (so {@code =}, {@code ,}, space, {@code :}, {@code /}, non-ASCII)
 * becomes {@code _}; different tag sets that end up with the same id in one body are refused.
 */
public enum SeriesIdRule {
    /** {@code cpu,host=a,region=eu} becomes {@code cpu.a.eu}: the measurement, then each tag value. */
    VALUES,
    /** {@code cpu,host=a,region=eu} becomes {@code cpu.host:a.region:eu}: the measurement, then each key:value. */
    PAIRS;

    /** What a configuration may say. */
    public static final String ALLOWED = "values (cpu.a.eu) or pairs (cpu.host:a.region:eu)";

    /** The rule named {@code text} (either case); IllegalArgumentException naming what is allowed. */
    public static SeriesIdRule parse(String text) {
        for (SeriesIdRule rule : values()) {
            if (rule.name().equalsIgnoreCase(text.strip())) {
                return rule;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a series id rule; expected " + ALLOWED);
    }

    /** The series id of {@code measurement} with {@code tags} as alternating key, value, sorted by key. */
    public String idOf(String measurement, List<String> tags) {
        StringBuilder id = new StringBuilder(measurement.length() + 16 * tags.size());
        clean(measurement, id);
        for (int i = 0; i < tags.size(); i += 2) {
            id.append('.');
            if (this == PAIRS) {
                clean(tags.get(i), id);
                id.append(':');
            }
            clean(tags.get(i + 1), id);
        }
        return id.toString();
    }

    /** The name as written in configuration files. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static void clean(String text, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean kept = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '.' || c == '_' || c == '@' || c == '-';
            out.append(kept ? c : '_');
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;   // one '_' per character, not per UTF-16 unit
            }
        }
    }
}
