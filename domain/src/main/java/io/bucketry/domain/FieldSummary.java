package io.bucketry.domain;

/** A bucket's pre-computed summary of one numeric field: count, min, max, sum. */
public record FieldSummary(long count, double min, double max, double sum) {
}
