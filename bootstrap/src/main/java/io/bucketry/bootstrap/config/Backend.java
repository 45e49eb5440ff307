package io.bucketry.bootstrap.config;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The storage backends a configuration can name; {@link Bucketry}'s store module table maps each to
 * its Guice module.
 */
public enum Backend {
    INMEMORY("inmemory", 64, 0),
    // The embedded test server's heap per reading, rounded up from what simulate --embedded-mongo measures
    // (docs/benchmarks.md; mongo-bucket with simulate's one-document-per-reading baseline beside it).
    // A remote server keeps the readings: the client holds none.
    MONGO_BUCKET("mongo-bucket", 0, 2_048),
    MONGO_TIMESERIES("mongo-timeseries", 0, 1_536);

    private final String id;
    private final int heapBytesPerReading;
    private final int embeddedServerBytesPerReading;

    /**
     * @param heapBytesPerReading what the store itself keeps in this process per stored reading
     * @param embeddedServerBytesPerReading what the embedded MongoDB test server keeps per reading,
     *                                      measured with simulate (for mongo-bucket with its baseline)
     */
    Backend(String id, int heapBytesPerReading, int embeddedServerBytesPerReading) {
        this.id = id;
        this.heapBytesPerReading = heapBytesPerReading;
        this.embeddedServerBytesPerReading = embeddedServerBytesPerReading;
    }

    /** The name used in configuration and reports. */
    public String id() {
        return id;
    }

    /**
     * Heap this process needs per stored reading: simulate's budget when it estimates memory. With
     * {@code embeddedServer} the MongoDB test server runs in this process and its data counts too.
     */
    public int heapBytesPerReading(boolean embeddedServer) {
        return heapBytesPerReading + (embeddedServer ? embeddedServerBytesPerReading : 0);
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
