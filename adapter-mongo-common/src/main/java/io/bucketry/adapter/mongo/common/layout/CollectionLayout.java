package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The layout a store's collection holds its readings in, as recorded at its first start: the
 * backend, the bucket policy (kind, width or page size, count and byte ceilings), the retention
 * and grace it was last started with, and options its server fixed at creation (for native
 * time-series collections: timeField, metaField, granularity or bucket span).
 *
 * @param width the window width, or null for a paged policy
 * @param serverOptions options the server fixed when the collection was created, by name (may be empty)
 * @param version the layout version ({@value #VERSION} for this Bucketry)
 * @param documents how the store lays out its documents ({@value #ROWS} unless the backend offers
 *                  another, such as mongo-bucket's {@code sealed}); a record without it is {@value #ROWS}
 * @param subWindow the width of the sub-window summaries the buckets keep ({@link Duration#ZERO}: none), or
 *                  null where the backend records none, or the record was made before it was recorded
 * @param tags whether the documents keep the tags each reading was written with; null in a record made
 *             before tags existed (read as false: such a collection keeps working without tags)
 */
public record CollectionLayout(String backend, Duration width, int maxCount, int maxBytes, Duration retention,
                               Duration grace, Map<String, String> serverOptions, int version, String documents,
                               Duration subWindow, Boolean tags) {

    /** The layout version this Bucketry writes and reads. */
    public static final int VERSION = 1;
    /** The document layout of every backend unless configured otherwise. */
    public static final String ROWS = "rows";

    public CollectionLayout {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(grace, "grace");
        serverOptions = Map.copyOf(serverOptions == null ? Map.of() : serverOptions);
        documents = documents == null ? ROWS : documents;
    }

    /** A layout that records nothing about tags. */
    public CollectionLayout(String backend, Duration width, int maxCount, int maxBytes, Duration retention,
                            Duration grace, Map<String, String> serverOptions, int version, String documents,
                            Duration subWindow) {
        this(backend, width, maxCount, maxBytes, retention, grace, serverOptions, version, documents, subWindow, null);
    }

    /** A layout that records no sub-window width. */
    public CollectionLayout(String backend, Duration width, int maxCount, int maxBytes, Duration retention,
                            Duration grace, Map<String, String> serverOptions, int version, String documents) {
        this(backend, width, maxCount, maxBytes, retention, grace, serverOptions, version, documents, null);
    }

    /** A layout of the {@value #ROWS} document layout. */
    public CollectionLayout(String backend, Duration width, int maxCount, int maxBytes, Duration retention,
                            Duration grace, Map<String, String> serverOptions, int version) {
        this(backend, width, maxCount, maxBytes, retention, grace, serverOptions, version, ROWS);
    }

    /** This layout with another document layout. */
    public CollectionLayout withDocuments(String value) {
        return new CollectionLayout(backend, width, maxCount, maxBytes, retention, grace, serverOptions, version, value,
                subWindow, tags);
    }

    /** This layout recording the sub-window width {@code value} ({@link Duration#ZERO}: none). */
    public CollectionLayout withSubWindow(Duration value) {
        return new CollectionLayout(backend, width, maxCount, maxBytes, retention, grace, serverOptions, version, documents,
                value, tags);
    }

    /** This layout recording whether its documents keep tags. */
    public CollectionLayout withTags(boolean value) {
        return new CollectionLayout(backend, width, maxCount, maxBytes, retention, grace, serverOptions, version, documents,
                subWindow, value);
    }

    /** True when the documents keep tags (false for a record made before tags existed). */
    public boolean keepsTags() {
        return Boolean.TRUE.equals(tags);
    }

    /** This layout with the server options {@code options}. */
    public CollectionLayout withServerOptions(Map<String, String> options) {
        return new CollectionLayout(backend, width, maxCount, maxBytes, retention, grace, options, version, documents,
                subWindow, tags);
    }

    /** The layout a store with these policies starts with, under this Bucketry's layout version. */
    public static CollectionLayout of(String backend, BucketPolicy policy, RetentionPolicy retention,
                                      Map<String, String> serverOptions) {
        Duration width = policy instanceof BucketPolicy.Windowed windowed ? windowed.width() : null;
        return new CollectionLayout(backend, width, policy.maxCount(), policy.maxBytes(), retention.retention(),
                retention.grace(), serverOptions, VERSION);
    }

    public boolean isPaged() {
        return width == null;
    }

    /** This layout with the server options of {@code other} (options fixed at creation never follow the configuration). */
    public CollectionLayout withServerOptionsOf(CollectionLayout other) {
        return withServerOptions(other.serverOptions);
    }

    /** The record as plain values (String, Integer, Long, nested Map), for a store to persist as it likes. */
    public Map<String, Object> toFields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put(LayoutFields.VERSION, version);
        fields.put(LayoutFields.BACKEND, backend);
        fields.put(LayoutFields.POLICY, isPaged() ? LayoutFields.PAGED : LayoutFields.WINDOWED);
        if (!isPaged()) {
            fields.put(LayoutFields.WIDTH_MILLIS, width.toMillis());
        }
        fields.put(LayoutFields.MAX_COUNT, maxCount);
        fields.put(LayoutFields.MAX_BYTES, maxBytes);
        fields.put(LayoutFields.RETENTION_MILLIS, retention.toMillis());
        fields.put(LayoutFields.GRACE_MILLIS, grace.toMillis());
        fields.put(LayoutFields.SERVER_OPTIONS, new TreeMap<>(serverOptions));
        if (!ROWS.equals(documents)) {
            fields.put(LayoutFields.DOCUMENTS, documents); // absent means rows, as in records made before this field
        }
        if (subWindow != null) {
            fields.put(LayoutFields.SUB_WINDOW_MILLIS, subWindow.toMillis());
        }
        if (tags != null) {
            fields.put(LayoutFields.TAGS, tags);
        }
        // For a person reading the record in a shell; never read back.
        fields.put(LayoutFields.DESCRIPTION, describe());
        return fields;
    }

    /** The layout a record written by {@link #toFields()} holds; IllegalStateException naming what is unreadable. */
    public static CollectionLayout fromFields(Map<String, ?> fields) {
        return LayoutFields.read(fields);
    }

    /** One phrase: {@code mongo-bucket, windowed 1h, max count 1000, max bytes 2097152, retention 90d, grace 1h}. */
    public String describe() {
        String policy = isPaged() ? "paged " + maxCount : "windowed " + LayoutText.duration(width) + ", max count " + maxCount;
        return backend + ", " + policy + ", max bytes " + maxBytes + ", retention " + LayoutText.duration(retention)
                + ", grace " + LayoutText.duration(grace) + (serverOptions.isEmpty() ? "" : ", " + new TreeMap<>(serverOptions))
                + (ROWS.equals(documents) ? "" : ", layout " + documents)
                + (subWindow == null || subWindow.isZero() ? "" : ", sub-window " + LayoutText.duration(subWindow))
                + (keepsTags() ? ", tags" : "");
    }
}
