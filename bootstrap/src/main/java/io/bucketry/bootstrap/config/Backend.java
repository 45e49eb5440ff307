package io.bucketry.bootstrap.config;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The storage backends a configuration can name; {@link io.bucketry.bootstrap.Bucketry}'s store module
 * table maps each to its Guice module.
 */
public enum Backend {
    INMEMORY("inmemory"),
    MONGO_BUCKET("mongo-bucket"),
    MONGO_TIMESERIES("mongo-timeseries");

    private final String id;

    Backend(String id) {
        this.id = id;
    }

    /** The name used in configuration and reports. */
    public String id() {
        return id;
    }

    /** The backend named {@code text}, or an IllegalArgumentException listing the names. */
    public static Backend parse(String text) {
        for (Backend backend : values()) {
            if (backend.id.equals(text)) {
                return backend;
            }
        }
        throw new IllegalArgumentException("expected one of " + names());
    }

    public static String names() {
        return Arrays.stream(values()).map(Backend::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
