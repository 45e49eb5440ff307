package io.bucketry.application.port.in;

import io.bucketry.domain.RejectionReason;

import java.util.List;

/**
 * What became of a batch: how many readings were stored, how many were duplicates of stored
 * ones, and each rejected reading with its index in the batch and the reason.
 */
public record IngestReport(int accepted, int duplicates, List<Rejection> rejected) {

    public IngestReport {
        rejected = List.copyOf(rejected);
    }

    /** One refused reading. {@code series} and {@code time} are echoed as given (may be null). */
    public record Rejection(int index, String series, String time, RejectionReason reason, String message) {
    }
}
