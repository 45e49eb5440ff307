package io.bucketry.application.port.out;

import io.bucketry.domain.SeriesId;

import java.time.Instant;

/** Outbound port of maintenance: removes a series, reclaims expired buckets. */
public interface MaintainStore {

    /** Removes a series; answers how many readings were removed. */
    long deleteSeries(SeriesId series);

    /**
     * Reclaims storage of buckets whose readings are all before {@code cutoff}; answers how many
     * buckets were removed. Stores whose server expires buckets itself (a TTL index) may do it here
     * too, so that retention does not wait for the server's monitor.
     */
    long evictBefore(Instant cutoff);
}
