package io.bucketry.bootstrap;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The storage backends a configuration can name. Which of them this build can start is decided by
 * the store module table in {@link Bucketry}.
 */
public enum Backend {
    INMEMORY("inmemory", 64),
    MONGO_BUCKET("mongo-bucket", 512),
    MONGO_TIMESERIES("mongo-timeseries", 512);

    private final String id;
    private final int heapBytesPerReading;

    Backend(String id, int heapBytesPerReading) {
        this.id = id;
        this.heapBytesPerReading = heapBytesPerReading;
    }

    /** The name used in configuration and reports. */
    public String id() {
        return id;
    }

    /** Heap this process needs per stored reading: simulate's budget when it estimates memory. */
    public int heapBytesPerReading() {
        return heapBytesPerReading;
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
