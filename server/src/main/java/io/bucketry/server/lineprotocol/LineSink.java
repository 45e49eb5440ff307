package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

import java.time.Instant;
import java.util.Map;

/** Receives each line of a line-protocol body in order: a reading to validate, or a line that could not be parsed. */
public interface LineSink {

    /**
     * A parsed line (numbered from 1) with its series, time and fields by Bucketry field name: {@link io.bucketry.domain.Fields}
     * when the domain takes them, else a map of the numbers (doubles) and texts for the ingest to refuse.
     */
    void reading(long line, SeriesKey series, Instant time, Map<String, ?> fields);

    /** A line that is not valid line protocol; {@code series} and {@code time} echo its text (null when not reached). */
    void rejected(long line, String series, String time, RejectionReason reason, String message);
}
