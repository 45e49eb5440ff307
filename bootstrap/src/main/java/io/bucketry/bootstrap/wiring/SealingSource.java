package io.bucketry.bootstrap.wiring;

import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.application.port.out.WriteMetrics;

/**
 * A store that seals windows (mongo-bucket's sealed layout), for simulate: seal now, what sealing
 * has sent, and what the sealed documents take. Not part of the store port.
 */
public interface SealingSource {

    /** True when the store seals windows (its layout is sealed). */
    boolean active();

    /** Seals every window the seal policy lets go now; answers how many were sealed. */
    long sealNow();

    /** What sealing has sent to the server since the store was opened (commands, statements, windows sealed). */
    WriteMetrics sealingMetrics();

    /** Statistics of the sealed documents only. */
    StorageStatistics sealedStatistics();
}
