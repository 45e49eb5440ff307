package io.bucketry.bootstrap.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The {@code mongoLayout} key: how mongo-bucket lays out a window's readings. The configuration's
 * word for it, so that a configuration can be built without the mongo-bucket adapter on the class
 * path; {@link io.bucketry.bootstrap.wiring.MongoBucketStoreModule} maps it to the adapter's layout.
 */
public enum MongoLayout {
    /** The seeds' {@code readings} array of rows, queryable by the server. */
    ROWS("rows"),
    /** Rows while a window is open, then one document of compressed columns. */
    SEALED("sealed");

    /** The values a user may configure, for messages. */
    public static final String ALLOWED = Arrays.stream(values()).map(MongoLayout::id).collect(Collectors.joining(" or "));

    private final String id;

    MongoLayout(String id) {
        this.id = id;
    }

    /** The name in configuration and in the collection's layout record. */
    public String id() {
        return id;
    }

    /** The layout named {@code text}; IllegalArgumentException naming the allowed values. */
    public static MongoLayout parse(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(layout -> layout.id.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("mongo-bucket layout '" + text + "' is not " + ALLOWED));
    }
}
