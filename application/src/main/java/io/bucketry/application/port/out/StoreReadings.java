package io.bucketry.application.port.out;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Outbound port of ingest: stores validated readings, the first of each identity winning. */
public interface StoreReadings {

    /**
     * Stores valid readings. A reading whose identity (series, time) is already stored — or
     * appears earlier in the same batch — is a duplicate: counted, not stored. Retrying a batch
     * after a failure stores nothing twice. A store that gains from using several threads for one
     * batch does so inside this call.
     */
    StoreResult store(List<Reading> readings);

    /**
     * The meta of each of {@code series} that has one: that of its latest reading by time (what ingest
     * gives a reading sent without tags). A series absent from the answer has none, or is unknown;
     * stores without {@link Capability#TAGS} keep none.
     */
    default Map<SeriesId, SeriesMeta> latestMeta(Collection<SeriesId> series) {
        return Map.of();
    }
}
