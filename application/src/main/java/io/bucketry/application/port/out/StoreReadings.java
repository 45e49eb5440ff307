package io.bucketry.application.port.out;

import io.bucketry.domain.Reading;

import java.util.List;

/** Outbound port of ingest: stores validated readings, the first of each identity winning. */
public interface StoreReadings {

    /**
     * Stores valid readings. A reading whose identity (series, time) is already stored — or
     * appears earlier in the same batch — is a duplicate: counted, not stored. Retrying a batch
     * after a failure stores nothing twice. A store that gains from using several threads for one
     * batch does so inside this call.
     */
    StoreResult store(List<Reading> readings);
}
