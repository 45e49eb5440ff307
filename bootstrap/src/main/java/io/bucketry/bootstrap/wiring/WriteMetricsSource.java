package io.bucketry.bootstrap.wiring;

import io.bucketry.application.port.out.WriteMetrics;

/**
 * What the running store has sent to its server, for benchmarks: bound only by store modules whose
 * store talks to one (the Mongo backends), from that store's own counter. Not part of the store port.
 */
@FunctionalInterface
public interface WriteMetricsSource {

    /** The counts since the store was opened. */
    WriteMetrics writeMetrics();
}
