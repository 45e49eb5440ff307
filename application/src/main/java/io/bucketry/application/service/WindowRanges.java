package io.bucketry.application.service;

import io.bucketry.domain.TimeRange;

import java.time.Duration;
import java.time.Instant;

/** Turns an aggregation's optional bounds into the range its store is asked for, given its window size. */
@FunctionalInterface
public interface WindowRanges {

    /**
     * The answerable part of {@code [from, to)} for windows of {@code window} at the request's instant
     * {@code now}; null when nothing of it is.
     */
    TimeRange resolve(Instant from, Instant to, Duration window, Instant now);

    /** Raw readings only: the unexpired part. */
    static WindowRanges of(QueryRange ranges) {
        return (from, to, window, now) -> ranges.resolve(from, to, now);
    }
}
