package io.bucketry.adapter.mongo.common.layout;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** The field names of a persisted {@link CollectionLayout} and how a record is read back. */
final class LayoutFields {

    static final String VERSION = "layoutVersion";
    static final String BACKEND = "backend";
    static final String POLICY = "policy";
    static final String WINDOWED = "windowed";
    static final String PAGED = "paged";
    static final String WIDTH_MILLIS = "widthMillis";
    static final String MAX_COUNT = "maxCount";
    static final String MAX_BYTES = "maxBytes";
    static final String RETENTION_MILLIS = "retentionMillis";
    static final String GRACE_MILLIS = "graceMillis";
    static final String SERVER_OPTIONS = "serverOptions";
    static final String DESCRIPTION = "description";
    static final String DOCUMENTS = "documents";
    static final String SUB_WINDOW_MILLIS = "subWindowMillis";
    static final String TAGS = "tags";

    private LayoutFields() {
    }

    static CollectionLayout read(Map<String, ?> fields) {
        int version = (int) number(fields, VERSION);
        if (version != CollectionLayout.VERSION) {
            // A later version may have moved or renamed anything else: compare nothing but the version.
            return new CollectionLayout(text(fields, BACKEND), null, 1, 1, Duration.ZERO, Duration.ZERO, Map.of(), version);
        }
        String policy = text(fields, POLICY);
        if (!policy.equals(WINDOWED) && !policy.equals(PAGED)) {
            throw unreadable(POLICY, "is '" + policy + "', neither " + WINDOWED + " nor " + PAGED);
        }
        Duration width = policy.equals(PAGED) ? null : Duration.ofMillis(number(fields, WIDTH_MILLIS));
        Map<String, String> options = new LinkedHashMap<>();
        if (fields.get(SERVER_OPTIONS) instanceof Map<?, ?> map) {
            map.forEach((name, value) -> options.put(String.valueOf(name), String.valueOf(value)));
        }
        return new CollectionLayout(text(fields, BACKEND), width, (int) number(fields, MAX_COUNT),
                (int) number(fields, MAX_BYTES), Duration.ofMillis(number(fields, RETENTION_MILLIS)),
                Duration.ofMillis(number(fields, GRACE_MILLIS)), options, version,
                fields.containsKey(DOCUMENTS) ? text(fields, DOCUMENTS) : CollectionLayout.ROWS,
                fields.containsKey(SUB_WINDOW_MILLIS) ? Duration.ofMillis(number(fields, SUB_WINDOW_MILLIS)) : null,
                fields.containsKey(TAGS) ? flag(fields, TAGS) : null);
    }

    private static long number(Map<String, ?> fields, String name) {
        if (fields.get(name) instanceof Number number) {
            return number.longValue();
        }
        throw unreadable(name, fields.containsKey(name) ? "is not a number" : "is missing");
    }

    private static boolean flag(Map<String, ?> fields, String name) {
        if (fields.get(name) instanceof Boolean flag) {
            return flag;
        }
        throw unreadable(name, "is not true or false");
    }

    private static String text(Map<String, ?> fields, String name) {
        if (fields.get(name) instanceof String text) {
            return text;
        }
        throw unreadable(name, fields.containsKey(name) ? "is not a text" : "is missing");
    }

    private static IllegalStateException unreadable(String field, String problem) {
        return new IllegalStateException("the layout record's field '" + field + "' " + problem
                + "; it was not written by this Bucketry: restore it, or use a new collection (--mongo-collection)");
    }
}
