package io.bucketry.adapter.mongo.bucket;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How mongo-bucket stores a window's readings: {@link #ROWS} (the seeds' {@code readings} array of
 * {@code {t, <field>: value}}, queryable by the server) or {@link #SEALED} (rows while a window
 * is open, then one document of compressed columns, decoded by Bucketry). Recorded in the
 * collection's layout record: a collection is never read in another layout than it was written in.
 */
public enum DocumentLayout {
    ROWS("rows"),
    SEALED("sealed");

    /** The values a user may configure, for messages. */
    public static final String ALLOWED = Arrays.stream(values()).map(DocumentLayout::id).collect(Collectors.joining(" or "));

    private final String id;

    DocumentLayout(String id) {
        this.id = id;
    }

    /** The name in configuration and in the layout record. */
    public String id() {
        return id;
    }

    /** The layout named {@code text}; IllegalArgumentException naming the allowed values. */
    public static DocumentLayout parse(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(layout -> layout.id.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("mongo-bucket layout '" + text + "' is not " + ALLOWED));
    }
}
