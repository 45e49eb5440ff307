package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.Capability;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
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

    /** What a store writing this layout offers; {@link Capability#TAGS} where its collection keeps tags. */
    Set<Capability> capabilities(boolean tags) {
        Set<Capability> capabilities = capabilities();
        if (tags) {
            capabilities.add(Capability.TAGS);
        }
        return capabilities;
    }

    /** What a store writing this layout offers ({@link MongoBucketReadingStore#capabilities()}). */
    Set<Capability> capabilities() {
        if (this == SEALED) {
            // A sealed window is one document whatever maxCount says; only open windows' rows follow the policy.
            return EnumSet.of(Capability.BUCKET_BYTES, Capability.DURABLE, Capability.SUB_WINDOW_SUMMARIES);
        }
        return EnumSet.of(Capability.POLICY_BUCKETS, Capability.PAGED_BUCKETS, Capability.BUCKET_BYTES, Capability.DURABLE,
                Capability.SUB_WINDOW_SUMMARIES);
    }
}
