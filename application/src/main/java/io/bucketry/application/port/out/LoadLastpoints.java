package io.bucketry.application.port.out;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.List;

/** Outbound port of the lastpoint query: the latest reading of each of many series, from what the store keeps per series. */
public interface LoadLastpoints {

    /**
     * The latest reading at or after {@code notBefore} of each series of {@code selection} whose id sorts
     * after {@code after} (null: from the first), in series id order, at most {@code limit}; a series
     * without such a reading is left out. As {@link LoadReadings#latest} per series, in one bounded
     * read of the store (never a read of every bucket).
     */
    List<Reading> lastpoints(SeriesSelection selection, SeriesId after, int limit, Instant notBefore);
}
