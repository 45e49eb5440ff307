package io.bucketry.bootstrap.config;

import java.util.Locale;

/** How buckets are bounded: by time windows of {@code bucketWidth}, or as pages of {@code pageSize} readings (seed 001). */
public enum BucketPolicyKind {
    WINDOWED,
    PAGED;

    public static final String ALLOWED = "windowed or paged";

    public static BucketPolicyKind parse(String text) {
        for (BucketPolicyKind kind : values()) {
            if (kind.id().equals(text)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("expected " + ALLOWED);
    }

    /** The name used in configuration. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return id();
    }
}
