package io.bucketry.tools.simulate;

import io.bucketry.bootstrap.config.Backend;

/** Simulate's heap budget per stored reading of each backend, for its memory estimate. */
final class HeapBudget {

    private HeapBudget() {
    }

    /**
     * Heap this process needs per stored reading. With {@code embeddedServer} the MongoDB test server runs
     * in this process and its data counts too: its heap per reading, rounded up from what simulate
     * --embedded-mongo measures (docs/benchmarks.md; mongo-bucket with its one-document-per-reading baseline
     * beside it). A remote server keeps the readings: the client holds none.
     */
    static int bytesPerReading(Backend backend, boolean embeddedServer) {
        return switch (backend) {
            case INMEMORY -> 64;
            case MONGO_BUCKET -> embeddedServer ? 2_048 : 0;
            case MONGO_TIMESERIES -> embeddedServer ? 1_536 : 0;
        };
    }
}
